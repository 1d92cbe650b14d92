import * as z from 'zod/mini';

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
