import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import {
  JourneyErrors,
  type ActionKind,
  type AfterCommissioningStep,
  type AfterCommissioningStepView,
  type Appointment,
  type AppointmentKind,
  type Deadline,
  type GridState,
  type JourneyStep,
  type JourneyStepView,
  type NextAction,
  type Party,
  type StepDeadline,
} from '~/bff/contracts/journey.ts';
import { SigningErrors, type EmbeddedSigningType } from '~/bff/contracts/signing.ts';
import type { Language } from '~/bff/contracts/auth.ts';
import type { Translate } from '~/site/i18n/types.ts';
import { entryOf } from '~/site/lib/codes.ts';
import { stepLabel } from '../projects/index.ts';
import { formatBerlinDay, formatCalendarDate, formatDateTime, formatTime } from '~/site/lib/format.ts';

/** Every text of the journey by its key, spelled out so the locale test sees each key in use. */

export const stepTitle = (t: Translate, step: JourneyStep) => stepLabel(t, step);

/** What a step means, in plain German/English, for its page. */
export function stepExplanation(t: Translate, step: JourneyStep): string {
  const texts = {
    OFFER_CONFIRMATION: t('journey.explainOfferConfirmation'),
    POWER_OF_ATTORNEY: t('journey.explainPowerOfAttorney'),
    POWER_OF_ATTORNEY_MASTR: t('journey.explainPowerOfAttorneyMastr'),
    PLANNING_CONCLUSION: t('journey.explainPlanningConclusion'),
    DELIVERY: t('journey.explainDelivery'),
    DC: t('journey.explainDc'),
    AC: t('journey.explainAc'),
    ASSEMBLY_CONCLUSION: t('journey.explainAssemblyConclusion'),
  } satisfies Record<JourneyStep, string>;
  return texts[step];
}

export function partyLabel(t: Translate, party: Party): string {
  const texts = {
    CUSTOMER: t('journey.waitingForCustomer'),
    INSTALLER: t('journey.waitingForInstaller'),
    GRID_OPERATOR: t('journey.waitingForGridOperator'),
    METER_OPERATOR: t('journey.waitingForMeterOperator'),
    REGISTER: t('journey.waitingForRegister'),
  } satisfies Record<Party, string>;
  return texts[party];
}

/** Whose turn it is, as a sentence: "Der Netzbetreiber ist dran." */
export function partyTurn(t: Translate, party: Party): string {
  const texts = {
    CUSTOMER: t('journey.turnCustomer'),
    INSTALLER: t('journey.turnInstaller'),
    GRID_OPERATOR: t('journey.turnGridOperator'),
    METER_OPERATOR: t('journey.turnMeterOperator'),
    REGISTER: t('journey.turnRegister'),
  } satisfies Record<Party, string>;
  return texts[party];
}

/** Who must act, for deadlines: "Netzbetreiber", "Du", … */
export function responsibleLabel(t: Translate, party: Party): string {
  const texts = {
    CUSTOMER: t('journey.responsibleCustomer'),
    INSTALLER: t('journey.responsibleInstaller'),
    GRID_OPERATOR: t('journey.responsibleGridOperator'),
    METER_OPERATOR: t('journey.responsibleMeterOperator'),
    REGISTER: t('journey.responsibleRegister'),
  } satisfies Record<Party, string>;
  return texts[party];
}

/** A day `YYYY-MM-DD` as "1. Dezember 2026". */
export const formatDay = (day: string, lang: Language) => formatCalendarDate(day, { day: 'numeric', month: 'long', year: 'numeric' }, lang);
/** An instant as its Berlin day, "1. Dezember 2026". */
export const formatInstantDay = (instant: string, lang: Language) => formatBerlinDay(instant, { day: 'numeric', month: 'long', year: 'numeric' }, lang);

/** The state line of a step in the stepper: "Erledigt am …", "Wartet auf Dich seit …", "Voraussichtlich …". */
export function stepStateText(t: Translate, step: JourneyStepView, lang: Language): string {
  const texts = {
    DONE: () => (step.completedAt ? t('journey.doneOn', { date: formatInstantDay(step.completedAt, lang) }) : t('journey.stateDone')),
    SKIPPED: () => t('journey.stateSkipped'),
    CURRENT: () => {
      const who = partyLabel(t, step.waitingFor ?? 'INSTALLER');
      return step.startedAt ? t('journey.waitingSince', { who, date: formatInstantDay(step.startedAt, lang) }) : who;
    },
    UPCOMING: () => (step.expectedOn ? t('journey.expectedOn', { date: formatDay(step.expectedOn, lang) }) : t('journey.stateUpcoming')),
  } satisfies Record<JourneyStepView['state'], () => string>;
  return texts[step.state]();
}

export function gridStateLabel(t: Translate, state: GridState): string {
  const texts = {
    NOT_STARTED: t('journey.gridNotStarted'),
    REQUEST_SENT: t('journey.gridRequestSent'),
    INFORMATION_REQUESTED: t('journey.gridInformationRequested'),
    GRID_CHECK_RESULT: t('journey.gridCheckResult'),
    CONNECTION_APPROVED: t('journey.gridConnectionApproved'),
    COMMISSIONING_REPORTED: t('journey.gridCommissioningReported'),
    METER_APPOINTMENT: t('journey.gridMeterAppointment'),
    METER_SET: t('journey.gridMeterSet'),
  } satisfies Record<GridState, string>;
  return texts[state];
}

/** What the grid operator is doing in this state, in plain words. */
export function gridStateExplanation(t: Translate, state: GridState): string {
  const texts = {
    NOT_STARTED: t('journey.gridNotStartedText'),
    REQUEST_SENT: t('journey.gridRequestSentText'),
    INFORMATION_REQUESTED: t('journey.gridInformationRequestedText'),
    GRID_CHECK_RESULT: t('journey.gridCheckResultText'),
    CONNECTION_APPROVED: t('journey.gridConnectionApprovedText'),
    COMMISSIONING_REPORTED: t('journey.gridCommissioningReportedText'),
    METER_APPOINTMENT: t('journey.gridMeterAppointmentText'),
    METER_SET: t('journey.gridMeterSetText'),
  } satisfies Record<GridState, string>;
  return texts[state];
}

export function deadlineTitle(t: Translate, deadline: Deadline): string {
  const texts = {
    GRID_ONE_MONTH: t('journey.deadlineGridOneMonth'),
    GRID_CHECK: t('journey.deadlineGridCheck'),
    METER_SWAP: t('journey.deadlineMeterSwap'),
    METER_THIRD_PARTY: t('journey.deadlineMeterThirdParty'),
    MASTR_REGISTRATION: t('journey.deadlineMastr'),
  } satisfies Record<Deadline['kind'], string>;
  return texts[deadline.kind];
}

export function deadlineText(t: Translate, deadline: Deadline, lang: Language): string {
  const date = formatDay(deadline.dueOn, lang);
  const start = formatDay(deadline.startedOn, lang);
  const texts = {
    GRID_ONE_MONTH: () => t('journey.deadlineGridOneMonthText', { date, start }),
    GRID_CHECK: () => t('journey.deadlineGridCheckText', { date, start }),
    METER_SWAP: () => t('journey.deadlineMeterSwapText', { date, start }),
    METER_THIRD_PARTY: () => t('journey.deadlineMeterThirdPartyText', { date }),
    MASTR_REGISTRATION: () =>
      deadline.responsible === 'CUSTOMER' ? t('journey.deadlineMastrCustomerText', { date, start }) : t('journey.deadlineMastrInstallerText', { date, start }),
  } satisfies Record<Deadline['kind'], () => string>;
  return texts[deadline.kind]();
}

export function afterStepTitle(t: Translate, step: AfterCommissioningStep): string {
  const texts = {
    COMPLETION_NOTICE: t('journey.afterStepCompletionNotice'),
    GRID_CONFIRMED: t('journey.afterStepGridConfirmed'),
    METER_APPOINTMENT: t('journey.afterStepMeterAppointment'),
    METER_SET: t('journey.afterStepMeterSet'),
    SMART_METER: t('journey.afterStepSmartMeter'),
    CAP_LIFTED: t('journey.afterStepCapLifted'),
    MASTR_REGISTERED: t('journey.afterStepMastrRegistered'),
    FIRST_PAYMENT: t('journey.afterStepFirstPayment'),
  } satisfies Record<AfterCommissioningStep, string>;
  return texts[step];
}

/** What happens in the current step after commissioning, in plain words. */
export function afterStepExplanation(t: Translate, step: AfterCommissioningStep): string {
  const texts = {
    COMPLETION_NOTICE: t('journey.afterExplainCompletionNotice'),
    GRID_CONFIRMED: t('journey.afterExplainGridConfirmed'),
    METER_APPOINTMENT: t('journey.afterExplainMeterAppointment'),
    METER_SET: t('journey.afterExplainMeterSet'),
    SMART_METER: t('journey.afterExplainSmartMeter'),
    CAP_LIFTED: t('journey.afterExplainCapLifted'),
    MASTR_REGISTERED: t('journey.afterExplainMastrRegistered'),
    FIRST_PAYMENT: t('journey.afterExplainFirstPayment'),
  } satisfies Record<AfterCommissioningStep, string>;
  return texts[step];
}

/** A day as "12.03.2026" (German) or "12/03/2026": the "seit" of a waiting step. */
const shortDay = (instant: string, lang: Language) => formatBerlinDay(instant, { day: '2-digit', month: '2-digit', year: 'numeric' }, lang);

/** "Wartet auf den Netzbetreiber – seit 12.03.2026 (9 Tage)", "Erledigt am …", "Geplant am …", "Noch nicht dran". */
export function afterStepStateText(t: Translate, step: AfterCommissioningStepView, lang: Language): string {
  const texts = {
    DONE: () => (step.completedAt ? t('journey.doneOn', { date: formatInstantDay(step.completedAt, lang) }) : t('journey.stateDone')),
    SKIPPED: () => t('journey.stateSkipped'),
    CURRENT: () => {
      const who = partyLabel(t, step.waitingFor ?? 'INSTALLER');
      if (!step.since) return who;
      const date = shortDay(step.since, lang);
      if (step.sinceDays === 0) return t('journey.afterSinceToday', { who });
      if (step.sinceDays === 1) return t('journey.afterSinceOneDay', { who, date });
      return t('journey.afterSinceDays', { who, date, days: String(step.sinceDays ?? 0) });
    },
    UPCOMING: () => t('journey.stateUpcoming'),
  } satisfies Record<AfterCommissioningStepView['state'], () => string>;
  return texts[step.state]();
}

/** What a step's next deadline is about: "Zählerwechsel (ein Monat nach der Bestellung)". */
export function stepDeadlineTitle(t: Translate, deadline: StepDeadline): string {
  const texts = {
    COMPLETION_NOTICE: t('journey.afterDeadlineCompletionNotice'),
    METER_SWAP: t('journey.afterDeadlineMeterSwap'),
    SMART_METER: t('journey.afterDeadlineSmartMeter'),
    CAP_LIFT: t('journey.afterDeadlineCapLift'),
    MASTR_REGISTRATION: t('journey.afterDeadlineMastr'),
    FEED_IN_PAYMENT: t('journey.afterDeadlinePayment'),
  } satisfies Record<StepDeadline['kind'], string>;
  return texts[deadline.kind];
}

export function signingTitle(t: Translate, type: EmbeddedSigningType): string {
  const texts = {
    NETWORK_OPERATOR_POWER_OF_ATTORNEY: t('journey.documentNetworkOperatorPoa'),
    MARKET_REGISTER_AUTHORIZATION: t('journey.documentMastrAuthorization'),
    DC_REPRESENTATIVE_POA: t('journey.documentDcRepresentative'),
    AC_REPRESENTATIVE_POA: t('journey.documentAcRepresentative'),
  } satisfies Record<EmbeddedSigningType, string>;
  return texts[type];
}

export function actionLabel(t: Translate, action: Pick<NextAction, 'kind' | 'signingType'>): string {
  const signTexts = {
    NETWORK_OPERATOR_POWER_OF_ATTORNEY: t('journey.actionSignNetworkOperator'),
    MARKET_REGISTER_AUTHORIZATION: t('journey.actionSignMastr'),
    DC_REPRESENTATIVE_POA: t('journey.actionSignDcRepresentative'),
    AC_REPRESENTATIVE_POA: t('journey.actionSignAcRepresentative'),
  } satisfies Record<EmbeddedSigningType, string>;
  const texts = {
    CONFIRM_ORDER: t('journey.actionConfirmOrder'),
    CONFIRM_DELIVERY: t('journey.actionConfirmDelivery'),
    MOVE_MASTR: t('journey.actionMoveMastr'),
    REGISTER_MASTR: t('journey.actionRegisterMastr'),
    SEND_INFORMATION: t('journey.actionSendInformation'),
    ANSWER_REQUEST: t('journey.actionAnswerRequest'),
    SIGN: action.signingType ? signTexts[action.signingType] : signTexts.NETWORK_OPERATOR_POWER_OF_ATTORNEY,
  } satisfies Record<ActionKind, string>;
  return texts[action.kind];
}

export function appointmentLabel(t: Translate, kind: AppointmentKind): string {
  const texts = {
    DELIVERY: t('journey.appointmentDelivery'),
    DC: t('journey.appointmentDc'),
    AC: t('journey.appointmentAc'),
    METER: t('journey.appointmentMeter'),
  } satisfies Record<AppointmentKind, string>;
  return texts[kind];
}

export function appointmentStatus(t: Translate, status: Appointment['status']): string {
  const texts = {
    PLANNED: t('journey.appointmentPlanned'),
    CONFIRMED: t('journey.appointmentConfirmed'),
    DONE: t('journey.appointmentDone'),
    CANCELLED: t('journey.appointmentCancelled'),
  } satisfies Record<Appointment['status'], string>;
  return texts[status];
}

/** "Mittwoch, 2. Dezember 2026, 08:00–12:00 Uhr" (Berlin time). */
export function appointmentWindow(appointment: Pick<Appointment, 'start' | 'end'>, lang: Language): string {
  const start = Date.parse(appointment.start);
  const day = formatBerlinDay(start, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, lang);
  return `${day}, ${formatTime(start, lang)}–${formatTime(Date.parse(appointment.end), lang)}${lang === 'en' ? '' : ' Uhr'}`;
}

export const formatMoment = (instant: string, lang: Language) => formatDateTime(instant, lang);

/** The texts for `?error=<code>` after a form of the journey pages. */
export function journeyErrorText(t: Translate, code: string): string {
  const texts = {
    [SigningErrors.NOT_EXPECTED.code]: t('journey.errorNotExpected'),
    [SigningErrors.ALREADY_SIGNED.code]: t('journey.errorAlreadySigned'),
    [SigningErrors.REPRESENTATIVE_REQUIRED.code]: t('journey.errorRepresentativeRequired'),
    [SigningErrors.NOT_OPEN.code]: t('journey.errorGeneric'),
    [SigningErrors.WEBHOOK_UNAUTHORIZED.code]: t('journey.errorGeneric'),
    [JourneyErrors.ACTION_NOT_POSSIBLE.code]: t('journey.errorActionNotPossible'),
    [JourneyErrors.MASTR_ACTOR_UNKNOWN.code]: t('journey.errorMastrActorUnknown'),
    [JourneyErrors.MASTR_UNIT_UNKNOWN.code]: t('journey.errorMastrUnitUnknown'),
    [JourneyErrors.MASTR_NOT_REQUIRED.code]: t('journey.errorMastrNotRequired'),
    [JourneyErrors.WEBHOOK_UNAUTHORIZED.code]: t('journey.errorGeneric'),
    [CommonErrors.VALIDATION.code]: t('journey.errorValidation'),
  } satisfies Record<CodeOf<typeof SigningErrors> | CodeOf<typeof JourneyErrors>, string> & Partial<Record<ErrorCode, string>>;
  return entryOf(texts, code) ?? t('journey.errorGeneric');
}

/** What to change at a refused field of the appointment wishes (the phone number, the days, the time, the note). */
export function preferencesFieldText(t: Translate, field: string): string {
  const texts = {
    contactPhone: t('journey.preferencesErrorPhone'),
    weekdays: t('journey.preferencesErrorWeekdays'),
    timeOfDay: t('journey.preferencesErrorTimeOfDay'),
    note: t('journey.preferencesErrorNote'),
  };
  return entryOf(texts, field) ?? t('journey.errorValidation');
}

/** The texts for `?done=<action>` after a form of the journey pages. */
export function journeyDoneText(t: Translate, done: string): string | null {
  const texts = {
    CONFIRM_ORDER: t('journey.doneConfirmOrder'),
    CONFIRM_DELIVERY: t('journey.doneConfirmDelivery'),
    SKIP_MASTR_AUTHORIZATION: t('journey.doneSkipMastr'),
    MOVE: t('journey.doneMove'),
    REGISTER: t('journey.doneRegister'),
    PREFERENCES: t('journey.donePreferences'),
  };
  return entryOf(texts, done) ?? null;
}
