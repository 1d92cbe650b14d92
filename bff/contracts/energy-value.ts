import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { definePages } from './routes.ts';

/**
 * What the energy-value core (bff/domain/energy-value, docs/energy-value.md) hands to a page: every money or energy
 * figure with its "Wie berechnet?" data: the result, the formula, the period and every input with its source. Codes
 * and decimal strings only; the site turns them into German and English ("the site owns the words"). Amounts are
 * decimal strings ("312.46", "-4.2"), never JavaScript numbers.
 */

/** The figures that carry an explanation. */
export const FigureSchema = z.enum([
  /** What the installation saved: avoided purchase plus feed-in revenue. */
  'savings',
  /** The battery's part of the savings. */
  'batteryShare',
  /** The metering operator's fees for the period. */
  'meteringFees',
  /** Savings minus metering fees. */
  'netSavings',
  /** The day the net savings reach the investment. */
  'amortisation',
  /** What a kWh of consumption costs with the installation. */
  'effectivePrice',
  /** The EEG feed-in rate of the installation. */
  'feedInRate',
  /** Feed-in during negative day-ahead prices that is not paid (Solarspitzen rule). */
  'unpaidFeedIn',
  /** The extension of the payment period the unpaid quarter hours earn. */
  'paymentExtension',
  /** Energy the 60 % feed-in cap held back. */
  'capLoss',
]);
export type Figure = z.infer<typeof FigureSchema>;

/** The formula of a figure; docs/energy-value.md writes each one out. */
export const FormulaSchema = z.enum([
  'savings',
  'batteryShare',
  'meteringFees',
  'netSavings',
  'amortisationReached',
  'amortisationProjected',
  'amortisationNever',
  'effectivePrice',
  'feedInRateTable',
  'feedInRateEntered',
  'unpaidFeedIn',
  'paymentExtension',
  'capLoss',
]);
export type Formula = z.infer<typeof FormulaSchema>;

export const UnitSchema = z.enum(['EUR', 'ct/kWh', 'kWh', 'EUR/year', 'EUR/MWh', 'days', 'date', 'percent', 'kWp', 'kW', 'quarterHours', 'months']);
export type Unit = z.infer<typeof UnitSchema>;

/** Where an input comes from. */
export const SourceSchema = z.enum([
  /** The IoT cloud's meters. */
  'iot',
  /** The customer's fixed tariff. */
  'tariffFixed',
  /** The customer's dynamic tariff: day-ahead price plus their own surcharges and VAT. */
  'tariffDynamic',
  /** Day-ahead prices of DE-LU from the market-data service. */
  'dayAhead',
  /** The EEG rate table of docs/energy-value.md. */
  'eegTable',
  /** The law (EEG), e.g. the 60 % cap or the monthly table of § 51a. */
  'law',
  /** Entered by the customer. */
  'entered',
  /** The installer's offer in the management service. */
  'offer',
  /** Derived by the portal from the other inputs. */
  'computed',
]);
export type Source = z.infer<typeof SourceSchema>;

export const InputNameSchema = z.enum([
  'consumptionKwh',
  'importKwh',
  'selfConsumedKwh',
  'feedInKwh',
  'paidFeedInKwh',
  'chargeKwh',
  'dischargeKwh',
  'electricityPrice',
  'feedInRate',
  'avoidedPurchase',
  'feedInRevenue',
  'batteryDischargeValue',
  'batteryChargeCost',
  'meteringFee',
  'savings',
  'meteringFees',
  'netSavings',
  'investment',
  'cumulativeNetSavings',
  'averageDailyNetSavings',
  'remainingAmount',
  'recordedDays',
  'importCost',
  'investmentShare',
  'rateClassShare',
  'rateSurcharge',
  'spotPrice',
  'surchargeNet',
  'vat',
  'negativeQuarterHours',
  'unpaidFeedInKwh',
  'fullLoadQuarterHours',
  'feedInCapKw',
  'peakPowerKwp',
]);
export type InputName = z.infer<typeof InputNameSchema>;

/** Remarks the page shows with a figure (what is estimated, projected or missing). */
export const NoteSchema = z.enum([
  /** The amortisation date is a projection from the average of the recorded days. */
  'projectionFromAverage',
  /** Less than a year recorded: the average leans to the recorded seasons. */
  'lessThanAYear',
  /** No interest, no price changes, no degradation are assumed in a projection. */
  'noInterestNoPriceChange',
  /** Some days of the period have no data. */
  'daysWithoutData',
  /** Some intervals had no price (a tariff gap or missing day-ahead prices): their energy is left out. */
  'intervalsWithoutPrice',
  /** Energy of intervals the cloud has no points for was valued at the mean price of those intervals. */
  'gapEnergyEstimated',
  /** The feed-in rate was entered (the table does not reach the commissioning date, or the customer knows better). */
  'rateEntered',
  /** The rate was computed by the § 49 rule; no official publication confirmed it yet. */
  'rateComputed',
  /** The battery is assumed to charge from PV only (what it charged could have been fed in). */
  'batteryChargesFromPv',
  /** Unpaid feed-in: the rule applies to this installation. */
  'solarspitzenApplies',
  /** The extension is counted but its end date needs the statutory end of payment. */
  'extensionAfterTwentyYears',
]);
export type Note = z.infer<typeof NoteSchema>;

export const DecimalStringSchema = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const ExplanationInputSchema = z.object({
  name: InputNameSchema,
  /** A decimal string, or a date `YYYY-MM-DD` for unit 'date'. */
  value: z.string(),
  unit: UnitSchema,
  source: SourceSchema,
  /** For inputs that changed within the period (tariffs, fees, rates): when this value held. */
  validFrom: z.optional(z.string()),
  validTo: z.optional(z.nullable(z.string())),
  /** A further qualifier, e.g. the size class of a rate share ("10", "40", "100" kWp). */
  detail: z.optional(z.string()),
});
export type ExplanationInput = z.infer<typeof ExplanationInputSchema>;

export const ExplanationPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  /** Days of the period the figure could use data of (commissioned, data present). */
  daysWithData: z.number(),
});
export type ExplanationPeriod = z.infer<typeof ExplanationPeriodSchema>;

export const ExplanationSchema = z.object({
  figure: FigureSchema,
  formula: FormulaSchema,
  result: z.object({ value: z.string(), unit: UnitSchema }),
  period: z.nullable(ExplanationPeriodSchema),
  inputs: z.array(ExplanationInputSchema),
  notes: z.array(NoteSchema),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The "Geld" page (docs/energy-value.md): its address, forms, errors and what its page service hands the site.
// ---------------------------------------------------------------------------------------------------------------

/** The periods the page sums over (a week is no unit of a bill). */
export const EnergyValuePeriodSchema = z.enum(['day', 'month', 'year', 'total']);
export type EnergyValuePeriod = z.infer<typeof EnergyValuePeriodSchema>;

export const ENERGY_VALUE_PAGE = '/home/app/geld';
export const ENERGY_VALUE_PAGE_ROUTES = definePages([
  {
    path: ENERGY_VALUE_PAGE,
    access: 'customer',
    logVisit: true,
    needsProject: true,
    // In the account menu beside the other money pages: a seventh entry does not fit the header bar at 1280 px. The
    // monitoring page links here (docs/energy-value.md "Geld").
    nav: { labelKey: 'nav.energyValue', order: 63.5, group: 'account' },
  },
]);

/** Plain forms of the page, on the internal base (each one also answers a script with JSON). */
export const ENERGY_VALUE_PATHS = {
  /** Adds a tariff (fixed or dynamic) with its validity. */
  tariffs: 'energy-value/tariffs',
  /** Removes one tariff (`tariffId`). */
  removeTariff: 'energy-value/tariffs/remove',
  /** The installation's money facts: investment, metering fee, feed-in mode, smart meter, control box. */
  installation: 'energy-value/installation',
} as const;

/** The form ids on the page (a refusal's `form` parameter and anchor). */
export const ENERGY_VALUE_FORMS = { tariff: 'tariff', installation: 'installation', removeTariff: 'remove-tariff' } as const;

/** Why a tariff or installation field was refused (the `fields=name:problem` of a refusal). */
export const FieldProblemSchema = z.enum(['required', 'date', 'order', 'overlap', 'negative', 'number', 'tooLarge', 'beforeCommissioning', 'future']);
export type FieldProblem = z.infer<typeof FieldProblemSchema>;

export const TARIFF_FIELDS = ['installationId', 'kind', 'validFrom', 'validTo', 'grossCentsPerKwh', 'surchargeNetCentsPerKwh', 'vatPercent'] as const;
export const INSTALLATION_FIELDS = ['installationId', 'investmentEur', 'meteringFeeEurPerYear', 'feedInMode', 'feedInRateCents', 'smartMeterInstalledOn', 'controlBoxWorkingOn'] as const;

export const EnergyValueErrors = defineErrors({
  /** A field of the tariff or installation form is refused; `fields` names them with their problem. */
  INVALID_INPUT: {
    code: 'ENERGY_VALUE.INVALID_INPUT',
    status: 400,
    message: 'Bitte prüfe die markierten Felder.',
  },
  /** The installation is not the customer's (or unknown). */
  UNKNOWN_INSTALLATION: {
    code: 'ENERGY_VALUE.UNKNOWN_INSTALLATION',
    status: 404,
    message: 'Diese Anlage haben wir nicht gefunden.',
  },
});

declare module './errors.ts' {
  interface ErrorTables {
    energyValue: typeof EnergyValueErrors;
  }
}

/** A stored tariff as the page lists it. */
export interface TariffView {
  id: number;
  validFrom: string;
  validTo: string | null;
  kind: 'fixed' | 'dynamic';
  /** Fixed: gross ct/kWh. */
  grossCentsPerKwh: string | null;
  /** Dynamic: net surcharges ct/kWh and the VAT rate. */
  surchargeNetCentsPerKwh: string | null;
  vatPercent: string | null;
}

/** The installation's facts as the form shows them (decimal strings, calendar dates; null = not entered). */
export interface InstallationFactsView {
  investmentEur: string | null;
  meteringFeeEurPerYear: string | null;
  feedInMode: 'partial' | 'full';
  /** A rate the customer entered from the grid operator's letter; null = the EEG table's. */
  feedInRateCents: string | null;
  smartMeterInstalledOn: string | null;
  controlBoxWorkingOn: string | null;
}

/** A figure with its explanation and its "Stand" (the time of the newest data it uses). */
export interface FigureView {
  explanation: Explanation;
  stand: string | null;
}

/** One row of the breakdown: a day, month or year of the period, its savings and battery share (EUR strings). */
export interface BreakdownRow {
  from: string;
  to: string;
  savings: string;
  batteryShare: string;
  netSavings: string;
  daysWithData: number;
}

export interface MoneyView {
  period: EnergyValuePeriod;
  date: string;
  from: string;
  to: string;
  savings: FigureView;
  /** Null for an installation without a battery. */
  batteryShare: FigureView | null;
  meteringFees: FigureView;
  netSavings: FigureView;
  effectivePrice: FigureView;
  /** Null without an investment or without a recorded day. */
  amortisation: (FigureView & { status: 'reached' | 'projected' | 'never'; date: string | null }) | null;
  breakdown: { resolution: 'day' | 'month' | 'year'; rows: BreakdownRow[] };
}

export interface SolarspitzenDayView {
  date: string;
  negativeQuarterHours: number;
  ruleApplies: boolean;
  /** kWh fed in during the negative quarter hours, and what it would have earned (EUR; 0 where the rule did not apply). */
  feedInKwh: string;
  unpaidEur: string;
  capLossKwh: string;
  cumulativeQuarterHours: number;
  cumulativeFullLoadQuarterHours: number;
}

export interface SolarspitzenView {
  /** The month shown (YYYY-MM) and the months with negative prices to choose from, newest first. */
  month: string;
  months: string[];
  /** First day § 51 takes the payment of negative quarter hours; null while it does not (yet). */
  ruleStart: string | null;
  /** The month's days with negative quarter hours or a capped feed-in. */
  days: SolarspitzenDayView[];
  unpaidFeedIn: FigureView;
  capLoss: FigureView;
  paymentExtension: FigureView & { regularEnd: string; extendedEnd: string; months: number };
  cap: { applies: boolean; capKw: string | null; liftedOn: string | null; missing: ('smartMeter' | 'controlBox')[] };
  /** The market data's "Stand": the end of the newest price interval. */
  pricesStand: string | null;
}

/** What the "Geld" page shows for the address it was opened with. */
export type EnergyValuePageData =
  | { kind: 'noInstallation' }
  | {
      kind: 'ready';
      installations: { id: string; name: string }[];
      installation: { id: string; name: string; pvPeakPowerKw: number; hasBattery: boolean; commissionedOn: string | null };
      fellBack: boolean;
      tariffs: TariffView[];
      facts: InstallationFactsView;
      /** The feed-in rate used, with its explanation; null when neither the table nor the customer gives one. */
      feedInRate: FigureView | null;
      /** Null before commissioning or without any tariff (the page asks for one). */
      money: MoneyView | null;
      /** Null for installations the Solarspitzen rules do not touch. */
      solarspitzen: SolarspitzenView | null;
      /** The newest report of the installation's devices: the "Stand" of the energy figures. */
      stand: string | null;
    };

export interface EnergyValuePageRequest {
  installationId: string | null;
  period: EnergyValuePeriod;
  date: string;
  /** The Solarspitzen month (YYYY-MM), or null for the newest with negative prices. */
  month: string | null;
}

export interface EnergyValueServices {
  /** The page in a few upstream calls (projects, installations, the days' energy, day-ahead prices where needed). */
  page(request: EnergyValuePageRequest): Promise<EnergyValuePageData>;
}
