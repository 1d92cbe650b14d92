import type {
  ActionKind,
  Appointment,
  AppointmentKind,
  Deadline,
  GridState,
  JourneyStep,
  JourneyStepView,
  NextAction,
  Party,
} from '../../../bff/contracts/journey.ts';
import type { EmbeddedSigningType } from '../../../bff/contracts/signing.ts';
import type { Language } from '../../../bff/contracts/auth.ts';
import type { Translate } from '../../i18n/types.ts';
import { stepLabel } from '../projects/labels.ts';
import { formatBerlinDay, formatCalendarDate, formatDateTime, formatTime } from '../monitoring/format.ts';

/** Every text of the journey by its key, spelled out so the locale test sees each key in use. */

export const stepTitle = (t: Translate, step: JourneyStep) => stepLabel(t, step);

/** What a step means, in plain German/English, for its page. */
export function stepExplanation(t: Translate, step: JourneyStep): string {
  switch (step) {
    case 'OFFER_CONFIRMATION':
      return t('journey.explainOfferConfirmation');
    case 'POWER_OF_ATTORNEY':
      return t('journey.explainPowerOfAttorney');
    case 'POWER_OF_ATTORNEY_MASTR':
      return t('journey.explainPowerOfAttorneyMastr');
    case 'PLANNING_CONCLUSION':
      return t('journey.explainPlanningConclusion');
    case 'DELIVERY':
      return t('journey.explainDelivery');
    case 'DC':
      return t('journey.explainDc');
    case 'AC':
      return t('journey.explainAc');
    case 'ASSEMBLY_CONCLUSION':
      return t('journey.explainAssemblyConclusion');
  }
}

export function partyLabel(t: Translate, party: Party): string {
  switch (party) {
    case 'CUSTOMER':
      return t('journey.waitingForCustomer');
    case 'INSTALLER':
      return t('journey.waitingForInstaller');
    case 'GRID_OPERATOR':
      return t('journey.waitingForGridOperator');
    case 'METER_OPERATOR':
      return t('journey.waitingForMeterOperator');
  }
}

/** Whose turn it is, as a sentence: "Der Netzbetreiber ist dran." */
export function partyTurn(t: Translate, party: Party): string {
  switch (party) {
    case 'CUSTOMER':
      return t('journey.turnCustomer');
    case 'INSTALLER':
      return t('journey.turnInstaller');
    case 'GRID_OPERATOR':
      return t('journey.turnGridOperator');
    case 'METER_OPERATOR':
      return t('journey.turnMeterOperator');
  }
}

/** Who must act, for deadlines: "Netzbetreiber", "Du", … */
export function responsibleLabel(t: Translate, party: Party): string {
  switch (party) {
    case 'CUSTOMER':
      return t('journey.responsibleCustomer');
    case 'INSTALLER':
      return t('journey.responsibleInstaller');
    case 'GRID_OPERATOR':
      return t('journey.responsibleGridOperator');
    case 'METER_OPERATOR':
      return t('journey.responsibleMeterOperator');
  }
}

/** A day `YYYY-MM-DD` as "1. Dezember 2026". */
export const formatDay = (day: string, lang: Language) => formatCalendarDate(day, { day: 'numeric', month: 'long', year: 'numeric' }, lang);
/** An instant as its Berlin day, "1. Dezember 2026". */
export const formatInstantDay = (instant: string, lang: Language) => formatBerlinDay(instant, { day: 'numeric', month: 'long', year: 'numeric' }, lang);

/** The state line of a step in the stepper: "Erledigt am …", "Wartet auf Dich seit …", "Voraussichtlich …". */
export function stepStateText(t: Translate, step: JourneyStepView, lang: Language): string {
  switch (step.state) {
    case 'DONE':
      return step.completedAt ? t('journey.doneOn', { date: formatInstantDay(step.completedAt, lang) }) : t('journey.stateDone');
    case 'SKIPPED':
      return t('journey.stateSkipped');
    case 'CURRENT': {
      const who = partyLabel(t, step.waitingFor ?? 'INSTALLER');
      return step.startedAt ? t('journey.waitingSince', { who, date: formatInstantDay(step.startedAt, lang) }) : who;
    }
    case 'UPCOMING':
      return step.expectedOn ? t('journey.expectedOn', { date: formatDay(step.expectedOn, lang) }) : t('journey.stateUpcoming');
  }
}

export function gridStateLabel(t: Translate, state: GridState): string {
  switch (state) {
    case 'NOT_STARTED':
      return t('journey.gridNotStarted');
    case 'REQUEST_SENT':
      return t('journey.gridRequestSent');
    case 'INFORMATION_REQUESTED':
      return t('journey.gridInformationRequested');
    case 'GRID_CHECK_RESULT':
      return t('journey.gridCheckResult');
    case 'CONNECTION_APPROVED':
      return t('journey.gridConnectionApproved');
    case 'COMMISSIONING_REPORTED':
      return t('journey.gridCommissioningReported');
    case 'METER_APPOINTMENT':
      return t('journey.gridMeterAppointment');
    case 'METER_SET':
      return t('journey.gridMeterSet');
  }
}

/** What the grid operator is doing in this state, in plain words. */
export function gridStateExplanation(t: Translate, state: GridState): string {
  switch (state) {
    case 'NOT_STARTED':
      return t('journey.gridNotStartedText');
    case 'REQUEST_SENT':
      return t('journey.gridRequestSentText');
    case 'INFORMATION_REQUESTED':
      return t('journey.gridInformationRequestedText');
    case 'GRID_CHECK_RESULT':
      return t('journey.gridCheckResultText');
    case 'CONNECTION_APPROVED':
      return t('journey.gridConnectionApprovedText');
    case 'COMMISSIONING_REPORTED':
      return t('journey.gridCommissioningReportedText');
    case 'METER_APPOINTMENT':
      return t('journey.gridMeterAppointmentText');
    case 'METER_SET':
      return t('journey.gridMeterSetText');
  }
}

export function deadlineTitle(t: Translate, deadline: Deadline): string {
  switch (deadline.kind) {
    case 'GRID_ONE_MONTH':
      return t('journey.deadlineGridOneMonth');
    case 'GRID_CHECK':
      return t('journey.deadlineGridCheck');
    case 'METER_SWAP':
      return t('journey.deadlineMeterSwap');
    case 'METER_THIRD_PARTY':
      return t('journey.deadlineMeterThirdParty');
    case 'MASTR_REGISTRATION':
      return t('journey.deadlineMastr');
  }
}

export function deadlineText(t: Translate, deadline: Deadline, lang: Language): string {
  const date = formatDay(deadline.dueOn, lang);
  const start = formatDay(deadline.startedOn, lang);
  switch (deadline.kind) {
    case 'GRID_ONE_MONTH':
      return t('journey.deadlineGridOneMonthText', { date, start });
    case 'GRID_CHECK':
      return t('journey.deadlineGridCheckText', { date, start });
    case 'METER_SWAP':
      return t('journey.deadlineMeterSwapText', { date, start });
    case 'METER_THIRD_PARTY':
      return t('journey.deadlineMeterThirdPartyText', { date });
    case 'MASTR_REGISTRATION':
      return deadline.responsible === 'CUSTOMER' ? t('journey.deadlineMastrCustomerText', { date, start }) : t('journey.deadlineMastrInstallerText', { date, start });
  }
}

export function signingTitle(t: Translate, type: EmbeddedSigningType): string {
  switch (type) {
    case 'NETWORK_OPERATOR_POWER_OF_ATTORNEY':
      return t('journey.documentNetworkOperatorPoa');
    case 'MARKET_REGISTER_AUTHORIZATION':
      return t('journey.documentMastrAuthorization');
    case 'DC_REPRESENTATIVE_POA':
      return t('journey.documentDcRepresentative');
    case 'AC_REPRESENTATIVE_POA':
      return t('journey.documentAcRepresentative');
  }
}

export function actionLabel(t: Translate, action: Pick<NextAction, 'kind' | 'signingType'>): string {
  const kind: ActionKind = action.kind;
  switch (kind) {
    case 'CONFIRM_ORDER':
      return t('journey.actionConfirmOrder');
    case 'CONFIRM_DELIVERY':
      return t('journey.actionConfirmDelivery');
    case 'MOVE_MASTR':
      return t('journey.actionMoveMastr');
    case 'REGISTER_MASTR':
      return t('journey.actionRegisterMastr');
    case 'SEND_INFORMATION':
      return t('journey.actionSendInformation');
    case 'ANSWER_REQUEST':
      return t('journey.actionAnswerRequest');
    case 'SIGN':
      switch (action.signingType) {
        case 'MARKET_REGISTER_AUTHORIZATION':
          return t('journey.actionSignMastr');
        case 'DC_REPRESENTATIVE_POA':
          return t('journey.actionSignDcRepresentative');
        case 'AC_REPRESENTATIVE_POA':
          return t('journey.actionSignAcRepresentative');
        default:
          return t('journey.actionSignNetworkOperator');
      }
  }
}

export function appointmentLabel(t: Translate, kind: AppointmentKind): string {
  switch (kind) {
    case 'DELIVERY':
      return t('journey.appointmentDelivery');
    case 'DC':
      return t('journey.appointmentDc');
    case 'AC':
      return t('journey.appointmentAc');
    case 'METER':
      return t('journey.appointmentMeter');
  }
}

export function appointmentStatus(t: Translate, status: Appointment['status']): string {
  switch (status) {
    case 'PLANNED':
      return t('journey.appointmentPlanned');
    case 'CONFIRMED':
      return t('journey.appointmentConfirmed');
    case 'DONE':
      return t('journey.appointmentDone');
    case 'CANCELLED':
      return t('journey.appointmentCancelled');
  }
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
  switch (code) {
    case 'SIGNING.NOT_EXPECTED':
      return t('journey.errorNotExpected');
    case 'SIGNING.ALREADY_SIGNED':
      return t('journey.errorAlreadySigned');
    case 'SIGNING.REPRESENTATIVE_REQUIRED':
      return t('journey.errorRepresentativeRequired');
    case 'JOURNEY.ACTION_NOT_POSSIBLE':
      return t('journey.errorActionNotPossible');
    case 'JOURNEY.MASTR_ACTOR_UNKNOWN':
      return t('journey.errorMastrActorUnknown');
    case 'JOURNEY.MASTR_UNIT_UNKNOWN':
      return t('journey.errorMastrUnitUnknown');
    case 'JOURNEY.MASTR_NOT_REQUIRED':
      return t('journey.errorMastrNotRequired');
    case 'VALIDATION':
      return t('journey.errorValidation');
    default:
      return t('journey.errorGeneric');
  }
}

/** What to change at a refused field of the appointment wishes (the phone number, the days, the time, the note). */
export function preferencesFieldText(t: Translate, field: string): string {
  switch (field) {
    case 'contactPhone':
      return t('journey.preferencesErrorPhone');
    case 'weekdays':
      return t('journey.preferencesErrorWeekdays');
    case 'timeOfDay':
      return t('journey.preferencesErrorTimeOfDay');
    case 'note':
      return t('journey.preferencesErrorNote');
    default:
      return t('journey.errorValidation');
  }
}

/** The texts for `?done=<action>` after a form of the journey pages. */
export function journeyDoneText(t: Translate, done: string): string | null {
  switch (done) {
    case 'CONFIRM_ORDER':
      return t('journey.doneConfirmOrder');
    case 'CONFIRM_DELIVERY':
      return t('journey.doneConfirmDelivery');
    case 'SKIP_MASTR_AUTHORIZATION':
      return t('journey.doneSkipMastr');
    case 'MOVE':
      return t('journey.doneMove');
    case 'REGISTER':
      return t('journey.doneRegister');
    case 'PREFERENCES':
      return t('journey.donePreferences');
    default:
      return null;
  }
}
