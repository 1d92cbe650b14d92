import { describe, expect, it } from 'vitest';
import { AFTER_COMMISSIONING_STEPS } from '../../contracts/journey.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';
import { actionKey, actionNotification } from './action-notifications.ts';
import { afterCommissioningOf, fifteenthOfNextMonth, stepDeadline } from './after-commissioning.ts';
import { toProjectJourney } from './journey-view.ts';
import { managedJourney } from './test-builders.ts';

type VendorStep = ManagedJourney['afterCommissioning'][number];
const now = new Date('2026-03-21T10:00:00Z');
const today = '2026-03-21';

/** A commissioned project (12.03.2026) whose steps after commissioning stand at `active` (earlier ones done). */
function commissioned(active: number, overrides: Partial<VendorStep> = {}, journey: Partial<ManagedJourney> = {}): ManagedJourney {
  const afterCommissioning = AFTER_COMMISSIONING_STEPS.map(
    (step, i): VendorStep => ({
      step,
      status: i < active ? 'DONE' : i === active ? 'ACTIVE' : 'UPCOMING',
      waitingFor: null,
      startedAt: i <= active ? '2026-03-12T08:30:00.000Z' : null,
      completedAt: i < active ? '2026-03-12T08:30:00.000Z' : null,
      plannedOn: null,
      note: null,
      ...(i === active ? overrides : {}),
    }),
  );
  const base = managedJourney(7, {}, 'GRID_OPERATOR');
  return {
    ...base,
    commissionedAt: '2026-03-10T14:00:00.000Z',
    gridOperator: { ...base.gridOperator, status: 'COMMISSIONING_REPORTED', meterOrderedAt: '2026-03-12T08:30:00.000Z' },
    afterCommissioning,
    ...journey,
  };
}

describe('steps after commissioning', () => {
  it('are empty before commissioning and for a service that sends none', () => {
    expect(afterCommissioningOf(managedJourney(3), now)).toEqual([]);
  });

  it('show the current step with who it waits on, since when (days) and the meter deadline of MsbG § 3 Abs. 3a', () => {
    const steps = afterCommissioningOf(commissioned(1), now);
    expect(steps.map((s) => s.state)).toEqual(['DONE', 'CURRENT', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING']);
    expect(steps[0]).toMatchObject({ step: 'COMPLETION_NOTICE', completedAt: '2026-03-12T08:30:00.000Z', waitingFor: null, deadline: null });
    expect(steps[1]).toMatchObject({
      step: 'GRID_CONFIRMED',
      waitingFor: 'GRID_OPERATOR',
      since: '2026-03-12T08:30:00.000Z',
      sinceDays: 9,
      deadline: { kind: 'METER_SWAP', startedOn: '2026-03-12', dueOn: '2026-04-12', source: 'MsbG § 3 Abs. 3a', promise: false, responsible: 'METER_OPERATOR', overdue: false },
    });
  });

  it('keep the MaStR month visible before its step, and nothing for other steps still to come', () => {
    const steps = afterCommissioningOf(commissioned(1), now);
    expect(steps.find((s) => s.step === 'MASTR_REGISTERED')?.deadline).toMatchObject({ dueOn: '2026-04-10', source: 'MaStRV § 5 Abs. 1', responsible: 'INSTALLER' });
    expect(steps.filter((s) => s.state === 'UPCOMING' && s.deadline).map((s) => s.step)).toEqual(['MASTR_REGISTERED']);
  });

  it('mark a deadline already passed as overdue', () => {
    const late = afterCommissioningOf(commissioned(6), new Date('2026-05-02T10:00:00Z'));
    expect(late[6]).toMatchObject({ step: 'MASTR_REGISTERED', state: 'CURRENT', sinceDays: 51 });
    expect(late[6]?.deadline).toMatchObject({ dueOn: '2026-04-10', overdue: true });
    // On the due day itself it is not overdue yet.
    expect(afterCommissioningOf(commissioned(6), new Date('2026-04-10T20:00:00Z'))[6]?.deadline?.overdue).toBe(false);
  });

  it('take the party the service names, and the usual one when it names none', () => {
    expect(afterCommissioningOf(commissioned(6, { waitingFor: 'REGISTER' }), now)[6]?.waitingFor).toBe('REGISTER');
    expect(afterCommissioningOf(commissioned(4), now)[4]?.waitingFor).toBe('METER_OPERATOR');
    expect(afterCommissioningOf(commissioned(5), now)[5]?.waitingFor).toBe('INSTALLER');
  });

  it('name the customer for the MaStR when they register themselves', () => {
    const self = commissioned(6, {}, { mastr: { ...managedJourney(7).mastr, authorization: 'SKIPPED' } });
    expect(afterCommissioningOf(self, now)[6]?.deadline?.responsible).toBe('CUSTOMER');
  });

  it('leave out steps the portal does not know, and show the planned day of the meter appointment', () => {
    const journey = commissioned(3, { plannedOn: '2026-03-30' });
    const [first] = journey.afterCommissioning;
    if (first) journey.afterCommissioning.push({ ...first, step: 'SOMETHING_NEW' });
    const steps = afterCommissioningOf(journey, now);
    expect(steps).toHaveLength(8);
    expect(steps[3]).toMatchObject({ step: 'METER_SET', plannedOn: '2026-03-30' });
  });
});

describe('the next deadline of a step', () => {
  const journey = commissioned(0);
  it('is the installer’s promise for the completion notice and the lifted cap, never a law', () => {
    expect(stepDeadline('COMPLETION_NOTICE', null, journey, today)).toMatchObject({ dueOn: '2026-03-17', source: null, promise: true, overdue: true });
    expect(stepDeadline('CAP_LIFTED', '2026-03-20T09:00:00Z', journey, today)).toMatchObject({ dueOn: '2026-03-27', source: null, promise: true, responsible: 'INSTALLER' });
  });

  it('is one month for the smart meter and control box from the request (MsbG § 3 Abs. 3a)', () => {
    expect(stepDeadline('SMART_METER', '2026-01-31T09:00:00Z', journey, today)).toMatchObject({ dueOn: '2026-02-28', source: 'MsbG § 3 Abs. 3a', overdue: true });
  });

  it('is the 15th of the next month for the first feed-in payment (EEG 2023 § 26 Abs. 1)', () => {
    expect(stepDeadline('FIRST_PAYMENT', '2026-03-31T20:00:00Z', journey, today)).toMatchObject({ startedOn: '2026-03-31', dueOn: '2026-04-15', responsible: 'GRID_OPERATOR' });
    expect(fifteenthOfNextMonth('2026-12-03')).toBe('2027-01-15');
  });

  it('is none for the MaStR when nothing must be registered', () => {
    expect(stepDeadline('MASTR_REGISTERED', null, { ...journey, mastr: { ...journey.mastr, required: false } }, today)).toBeNull();
  });
});

describe('a step after commissioning waiting on the customer', () => {
  const project = { id: 7, address: { contact: { street: 'Teststraße', houseNumber: '1', zip: '04109', city: 'Leipzig' } }, productLines: ['SOLAR'], phase: 'COMPLETED', step: 'IN_OPERATION' } as const;
  const finished = (step: number, journey: Partial<ManagedJourney> = {}) => {
    const managed = commissioned(step, { waitingFor: 'CUSTOMER' }, journey);
    managed.steps = managed.steps.map((s) => ({ ...s, status: 'DONE', waitingFor: null }));
    return toProjectJourney({ ...project, productLines: [...project.productLines] }, managed, [], now);
  };

  it('asks the customer to get in touch, in the bell with its own occasion', () => {
    const journey = finished(4);
    expect(journey.actions).toEqual([expect.objectContaining({ kind: 'ANSWER_REQUEST', step: null, href: '/home/app/my-project', optional: false })]);
    const [action] = journey.actions;
    if (!action) throw new Error('no action');
    expect(actionKey(journey, action)).toBe('7:ANSWER_REQUEST:-:-:2026-03-12T08:30:00.000Z');
    expect(actionNotification(journey, action)).toMatchObject({ type: 'JOURNEY_ACTION', projectId: 7, href: '/home/app/my-project' });
  });

  it('leaves the MaStR to its own action when the customer registers themselves', () => {
    const self = finished(6, { mastr: { ...managedJourney(7).mastr, authorization: 'SKIPPED' } });
    expect(self.actions.map((a) => a.kind)).toEqual(['REGISTER_MASTR']);
  });
});
