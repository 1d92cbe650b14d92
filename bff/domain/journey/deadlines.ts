import { addMonths, addWeeks, formatISO } from 'date-fns';
import type { Deadline } from '../../contracts/journey.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';
import { berlinToday } from '../berlin-time.ts';

/** Calendar arithmetic on Berlin days (`YYYY-MM-DD`), at noon UTC so no time zone shift can change the day. */
function plus(day: string, add: (date: Date) => Date): string {
  return formatISO(add(new Date(`${day}T12:00:00Z`)), { representation: 'date' });
}

const dayOf = (iso: string) => berlinToday(new Date(iso));

/** Up to this peak power the grid operator's one-month silence lets the plant be connected (Solarpaket I). */
export const ONE_MONTH_RULE_MAX_KWP = 30;

/**
 * The legal deadlines that apply to a project now (facts and sources in docs/journey.md):
 * - the grid operator's answer: for plants up to 30 kWp on an existing connection, one month after the request the
 *   plant may be connected if the operator has not answered (EEG 2023 § 8 Abs. 5, Solarpaket I);
 * - the grid compatibility check: at most eight weeks after the operator has everything (EEG 2023 § 8 Abs. 6);
 * - the meter swap: within one month of the order (MsbG § 3 Abs. 3a); after six weeks the customer may commission a
 *   qualified third party instead;
 * - the MaStR registration: within one month of commissioning (MaStRV § 5 Abs. 1), by the installer if authorised.
 * A deadline disappears once what it waits for has happened.
 */
export function deadlinesOf(journey: ManagedJourney, today: string): Deadline[] {
  const deadlines: Deadline[] = [];
  // The third-party date is a right of the customer, not a duty anyone misses.
  const add = (deadline: Omit<Deadline, 'overdue'>) =>
    deadlines.push({ ...deadline, overdue: deadline.kind !== 'METER_THIRD_PARTY' && today > deadline.dueOn });
  const grid = journey.gridOperator;

  if (grid.status === 'REQUEST_SENT' && grid.since && journey.peakPowerKw !== null && journey.peakPowerKw <= ONE_MONTH_RULE_MAX_KWP) {
    const startedOn = dayOf(grid.since);
    add({ kind: 'GRID_ONE_MONTH', startedOn, dueOn: plus(startedOn, (d) => addMonths(d, 1)), source: 'EEG 2023 § 8 Abs. 5 (Solarpaket I)', responsible: 'GRID_OPERATOR' });
  }
  if (grid.status === 'REQUEST_SENT' && grid.documentsCompleteAt) {
    const startedOn = dayOf(grid.documentsCompleteAt);
    add({ kind: 'GRID_CHECK', startedOn, dueOn: plus(startedOn, (d) => addWeeks(d, 8)), source: 'EEG 2023 § 8 Abs. 6', responsible: 'GRID_OPERATOR' });
  }
  if ((grid.status === 'COMMISSIONING_REPORTED' || grid.status === 'METER_APPOINTMENT') && grid.meterOrderedAt) {
    const startedOn = dayOf(grid.meterOrderedAt);
    add({ kind: 'METER_SWAP', startedOn, dueOn: plus(startedOn, (d) => addMonths(d, 1)), source: 'MsbG § 3 Abs. 3a', responsible: 'METER_OPERATOR' });
    // From here on the customer may commission a qualified third party: their right, so they are the one to act.
    add({ kind: 'METER_THIRD_PARTY', startedOn, dueOn: plus(startedOn, (d) => addWeeks(d, 6)), source: 'MsbG § 3 Abs. 3a', responsible: 'CUSTOMER' });
  }
  const mastr = journey.mastr;
  if (mastr.required && mastr.status !== 'REGISTERED' && journey.commissionedAt) {
    const startedOn = dayOf(journey.commissionedAt);
    add({
      kind: 'MASTR_REGISTRATION',
      startedOn,
      dueOn: plus(startedOn, (d) => addMonths(d, 1)),
      source: 'MaStRV § 5 Abs. 1',
      responsible: mastr.authorization === 'SIGNED' ? 'INSTALLER' : 'CUSTOMER',
    });
  }
  return deadlines.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}
