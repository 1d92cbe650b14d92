import { addDays, addMonths, differenceInCalendarDays, formatISO } from 'date-fns';
import {
  AFTER_COMMISSIONING_PARTY,
  AFTER_COMMISSIONING_STEPS,
  isAfterCommissioningStep,
  type AfterCommissioningStep,
  type AfterCommissioningStepView,
  type StepDeadline,
} from '../../contracts/journey.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';
import { berlinToday } from '../berlin-time.ts';

/** Calendar arithmetic on Berlin days (`YYYY-MM-DD`), at noon UTC so no time zone shift can change the day. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const plus = (day: string, add: (date: Date) => Date) => formatISO(add(noon(day)), { representation: 'date' });
const dayOf = (iso: string) => berlinToday(new Date(iso));

/** The installer's own promises (no law sets these): days after the step started. */
export const PROMISE_DAYS = { COMPLETION_NOTICE: 7, CAP_LIFT: 7 } as const;

/** The 15th of the month after `day`'s month: the monthly advance payment for that month is due then. */
export function fifteenthOfNextMonth(day: string): string {
  return `${plus(`${day.slice(0, 7)}-01`, (d) => addMonths(d, 1)).slice(0, 7)}-15`;
}

/**
 * The next deadline of a step after commissioning, with its source (docs/journey.md "After commissioning"), or null
 * when none applies:
 * - completion notice: the installer's promise, a week after commissioning;
 * - grid confirmation, meter appointment, meter set: the meter swap within one month of the order (MsbG § 3 Abs. 3a;
 *   the order goes with the completion notice);
 * - smart meter and control box: a requested addition to the metering point, again one month (MsbG § 3 Abs. 3a);
 * - cap lifted: the installer's promise, a week after the smart meter and control box work (the cap itself is EEG 2023
 *   § 9, which sets no date);
 * - MaStR: one month after commissioning (MaStRV § 5 Abs. 1), by the installer if authorised, else by the customer;
 * - first feed-in payment: the monthly advance for a month is due on the 15th of the next (EEG 2023 § 26 Abs. 1),
 *   and not before the registration (MaStRV § 23).
 */
export function stepDeadline(
  step: AfterCommissioningStep,
  since: string | null,
  journey: Pick<ManagedJourney, 'commissionedAt' | 'gridOperator' | 'mastr'>,
  today: string,
): StepDeadline | null {
  const make = (d: Omit<StepDeadline, 'overdue'>): StepDeadline => ({ ...d, overdue: today > d.dueOn });
  const started = since ? dayOf(since) : null;
  const commissioned = journey.commissionedAt ? dayOf(journey.commissionedAt) : null;
  switch (step) {
    case 'COMPLETION_NOTICE': {
      const startedOn = commissioned ?? started;
      if (!startedOn) return null;
      return make({ kind: 'COMPLETION_NOTICE', startedOn, dueOn: plus(startedOn, (d) => addDays(d, PROMISE_DAYS.COMPLETION_NOTICE)), source: null, promise: true, responsible: 'INSTALLER' });
    }
    case 'GRID_CONFIRMED':
    case 'METER_APPOINTMENT':
    case 'METER_SET': {
      const ordered = journey.gridOperator.meterOrderedAt ? dayOf(journey.gridOperator.meterOrderedAt) : started;
      if (!ordered) return null;
      return make({ kind: 'METER_SWAP', startedOn: ordered, dueOn: plus(ordered, (d) => addMonths(d, 1)), source: 'MsbG § 3 Abs. 3a', promise: false, responsible: 'METER_OPERATOR' });
    }
    case 'SMART_METER':
      if (!started) return null;
      return make({ kind: 'SMART_METER', startedOn: started, dueOn: plus(started, (d) => addMonths(d, 1)), source: 'MsbG § 3 Abs. 3a', promise: false, responsible: 'METER_OPERATOR' });
    case 'CAP_LIFTED':
      if (!started) return null;
      return make({ kind: 'CAP_LIFT', startedOn: started, dueOn: plus(started, (d) => addDays(d, PROMISE_DAYS.CAP_LIFT)), source: null, promise: true, responsible: 'INSTALLER' });
    case 'MASTR_REGISTERED':
      if (!commissioned || !journey.mastr.required) return null;
      return make({
        kind: 'MASTR_REGISTRATION',
        startedOn: commissioned,
        dueOn: plus(commissioned, (d) => addMonths(d, 1)),
        source: 'MaStRV § 5 Abs. 1',
        promise: false,
        responsible: journey.mastr.authorization === 'SKIPPED' ? 'CUSTOMER' : 'INSTALLER',
      });
    case 'FIRST_PAYMENT':
      if (!started) return null;
      return make({ kind: 'FEED_IN_PAYMENT', startedOn: started, dueOn: fifteenthOfNextMonth(started), source: 'EEG 2023 § 26 Abs. 1', promise: false, responsible: 'GRID_OPERATOR' });
  }
}

/**
 * The steps after commissioning in the portal's shape: every step in order (one the service does not send is still to
 * come), the current one with who it waits on, since when (and how many days) and its next deadline; a step still to
 * come shows a deadline only where its clock already runs (the MaStR month). Empty before
 * commissioning or when the service sends no steps.
 */
export function afterCommissioningOf(journey: ManagedJourney, now: Date): AfterCommissioningStepView[] {
  const known = journey.afterCommissioning.filter((s) => isAfterCommissioningStep(s.step));
  if (known.length === 0) return [];
  const today = berlinToday(now);
  const byStep = new Map(known.map((s) => [s.step as AfterCommissioningStep, s]));
  return AFTER_COMMISSIONING_STEPS.map((step): AfterCommissioningStepView => {
    const vendor = byStep.get(step);
    const state = vendor?.status === 'ACTIVE' ? 'CURRENT' : (vendor?.status ?? 'UPCOMING');
    const since = vendor?.startedAt ?? null;
    const open = state === 'CURRENT' || state === 'UPCOMING';
    const deadline = state === 'CURRENT' ? stepDeadline(step, since, journey, today) : state === 'UPCOMING' ? upcomingDeadline(step, journey, today) : null;
    return {
      step,
      state,
      waitingFor: state === 'CURRENT' ? (vendor?.waitingFor ?? AFTER_COMMISSIONING_PARTY[step]) : null,
      since: state === 'CURRENT' ? since : null,
      sinceDays: state === 'CURRENT' && since ? Math.max(0, differenceInCalendarDays(noon(today), noon(dayOf(since)))) : null,
      completedAt: state === 'DONE' ? (vendor?.completedAt ?? null) : null,
      plannedOn: open ? (vendor?.plannedOn ?? null) : null,
      note: vendor?.note ?? null,
      deadline,
    };
  });
}

/** A step still to come: only the MaStR month runs before its step (from commissioning on). */
function upcomingDeadline(step: AfterCommissioningStep, journey: ManagedJourney, today: string): StepDeadline | null {
  return step === 'MASTR_REGISTERED' && journey.mastr.status !== 'REGISTERED' ? stepDeadline(step, null, journey, today) : null;
}
