import type { Figure, Formula, InputName, Note, Source } from '~/bff/contracts/energy-value.ts';
import type { FieldProblem } from '~/bff/contracts/energy-value.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';

/** The words of the core's codes (docs/energy-value.md): the BFF hands codes, the site owns the words. */
export function formulaText(t: Translate, formula: Formula): string {
  const texts = {
    savings: () => t('energyValue.formulaSavings'),
    batteryShare: () => t('energyValue.formulaBatteryShare'),
    meteringFees: () => t('energyValue.formulaMeteringFees'),
    netSavings: () => t('energyValue.formulaNetSavings'),
    amortisationReached: () => t('energyValue.formulaAmortisationReached'),
    amortisationProjected: () => t('energyValue.formulaAmortisationProjected'),
    amortisationNever: () => t('energyValue.formulaAmortisationNever'),
    effectivePrice: () => t('energyValue.formulaEffectivePrice'),
    feedInRateTable: () => t('energyValue.formulaFeedInRateTable'),
    feedInRateEntered: () => t('energyValue.formulaFeedInRateEntered'),
    unpaidFeedIn: () => t('energyValue.formulaUnpaidFeedIn'),
    paymentExtension: () => t('energyValue.formulaPaymentExtension'),
    capLoss: () => t('energyValue.formulaCapLoss'),
  } satisfies Record<Formula, () => string>;
  return texts[formula]();
}

export function inputText(t: Translate, name: InputName): string {
  const texts = {
    consumptionKwh: () => t('energyValue.inputConsumptionKwh'),
    importKwh: () => t('energyValue.inputImportKwh'),
    selfConsumedKwh: () => t('energyValue.inputSelfConsumedKwh'),
    feedInKwh: () => t('energyValue.inputFeedInKwh'),
    paidFeedInKwh: () => t('energyValue.inputPaidFeedInKwh'),
    chargeKwh: () => t('energyValue.inputChargeKwh'),
    dischargeKwh: () => t('energyValue.inputDischargeKwh'),
    electricityPrice: () => t('energyValue.inputElectricityPrice'),
    feedInRate: () => t('energyValue.inputFeedInRate'),
    avoidedPurchase: () => t('energyValue.inputAvoidedPurchase'),
    feedInRevenue: () => t('energyValue.inputFeedInRevenue'),
    batteryDischargeValue: () => t('energyValue.inputBatteryDischargeValue'),
    batteryChargeCost: () => t('energyValue.inputBatteryChargeCost'),
    meteringFee: () => t('energyValue.inputMeteringFee'),
    savings: () => t('energyValue.inputSavings'),
    meteringFees: () => t('energyValue.inputMeteringFees'),
    netSavings: () => t('energyValue.inputNetSavings'),
    investment: () => t('energyValue.inputInvestment'),
    cumulativeNetSavings: () => t('energyValue.inputCumulativeNetSavings'),
    averageDailyNetSavings: () => t('energyValue.inputAverageDailyNetSavings'),
    remainingAmount: () => t('energyValue.inputRemainingAmount'),
    recordedDays: () => t('energyValue.inputRecordedDays'),
    importCost: () => t('energyValue.inputImportCost'),
    investmentShare: () => t('energyValue.inputInvestmentShare'),
    rateClassShare: () => t('energyValue.inputRateClassShare'),
    rateSurcharge: () => t('energyValue.inputRateSurcharge'),
    spotPrice: () => t('energyValue.inputSpotPrice'),
    surchargeNet: () => t('energyValue.inputSurchargeNet'),
    vat: () => t('energyValue.inputVat'),
    negativeQuarterHours: () => t('energyValue.inputNegativeQuarterHours'),
    unpaidFeedInKwh: () => t('energyValue.inputUnpaidFeedInKwh'),
    fullLoadQuarterHours: () => t('energyValue.inputFullLoadQuarterHours'),
    feedInCapKw: () => t('energyValue.inputFeedInCapKw'),
    peakPowerKwp: () => t('energyValue.inputPeakPowerKwp'),
  } satisfies Record<InputName, () => string>;
  return texts[name]();
}

export function sourceText(t: Translate, source: Source): string {
  const texts = {
    iot: () => t('energyValue.sourceIot'),
    tariffFixed: () => t('energyValue.sourceTariffFixed'),
    tariffDynamic: () => t('energyValue.sourceTariffDynamic'),
    dayAhead: () => t('energyValue.sourceDayAhead'),
    eegTable: () => t('energyValue.sourceEegTable'),
    law: () => t('energyValue.sourceLaw'),
    entered: () => t('energyValue.sourceEntered'),
    offer: () => t('energyValue.sourceOffer'),
    computed: () => t('energyValue.sourceComputed'),
  } satisfies Record<Source, () => string>;
  return texts[source]();
}

export function noteText(t: Translate, note: Note): string {
  const texts = {
    projectionFromAverage: () => t('energyValue.noteProjectionFromAverage'),
    lessThanAYear: () => t('energyValue.noteLessThanAYear'),
    noInterestNoPriceChange: () => t('energyValue.noteNoInterestNoPriceChange'),
    daysWithoutData: () => t('energyValue.noteDaysWithoutData'),
    intervalsWithoutPrice: () => t('energyValue.noteIntervalsWithoutPrice'),
    gapEnergyEstimated: () => t('energyValue.noteGapEnergyEstimated'),
    rateEntered: () => t('energyValue.noteRateEntered'),
    rateComputed: () => t('energyValue.noteRateComputed'),
    batteryChargesFromPv: () => t('energyValue.noteBatteryChargesFromPv'),
    solarspitzenApplies: () => t('energyValue.noteSolarspitzenApplies'),
    extensionAfterTwentyYears: () => t('energyValue.noteExtensionAfterTwentyYears'),
  } satisfies Record<Note, () => string>;
  return texts[note]();
}

export function figureText(t: Translate, figure: Figure): string {
  const texts = {
    savings: () => t('energyValue.figureSavings'),
    batteryShare: () => t('energyValue.figureBatteryShare'),
    meteringFees: () => t('energyValue.figureMeteringFees'),
    netSavings: () => t('energyValue.figureNetSavings'),
    amortisation: () => t('energyValue.figureAmortisation'),
    effectivePrice: () => t('energyValue.figureEffectivePrice'),
    feedInRate: () => t('energyValue.figureFeedInRate'),
    unpaidFeedIn: () => t('energyValue.figureUnpaidFeedIn'),
    paymentExtension: () => t('energyValue.figurePaymentExtension'),
    capLoss: () => t('energyValue.figureCapLoss'),
  } satisfies Record<Figure, () => string>;
  return texts[figure]();
}

/** What to change at a refused field. */
export function problemText(t: Translate, problem: FieldProblem | string | undefined): string {
  const texts = {
    required: () => t('energyValue.problemRequired'),
    date: () => t('energyValue.problemDate'),
    order: () => t('energyValue.problemOrder'),
    overlap: () => t('energyValue.problemOverlap'),
    negative: () => t('energyValue.problemNegative'),
    number: () => t('energyValue.problemNumber'),
    tooLarge: () => t('energyValue.problemTooLarge'),
    beforeCommissioning: () => t('energyValue.problemBeforeCommissioning'),
    future: () => t('energyValue.problemFuture'),
  } satisfies Record<FieldProblem, () => string>;
  return (entryOf(texts, problem) ?? texts.required)();
}

/** Units with words; the others are written as their symbol. */
export function countText(t: Translate, unit: string, value: string): string | null {
  if (unit === 'days') return t('energyValue.unitDays', { value });
  if (unit === 'quarterHours') return t('energyValue.unitQuarterHours', { value });
  if (unit === 'months') return t('energyValue.unitMonths', { value });
  return null;
}
