import { describe, expect, it } from 'vitest';
import { advanceAfterCommissioning, defaultJourney, JourneyConflict, setAfterWaitingFor, settleAfterCommissioning, type Journey } from './journey.ts';
import { loadDemoEntries } from './store.ts';

const now = new Date('2026-03-21T10:00:00Z');
const at = (iso: string) => new Date(iso).toISOString();

async function demo(id: number): Promise<Journey> {
  const entry = (await loadDemoEntries(undefined, now)).find((e) => e.project.id === id);
  if (!entry) throw new Error(`no demo ${id}`);
  return structuredClone(entry.journey);
}
const active = (journey: Journey) => journey.afterCommissioning.find((s) => s.status === 'ACTIVE');

describe('steps after commissioning in the management stand-in', () => {
  it('has a demo project waiting on the grid operator for nine days after the completion notice', async () => {
    const klaus = await demo(100247);
    expect(active(klaus)).toMatchObject({ step: 'GRID_CONFIRMED', waitingFor: 'GRID_OPERATOR', startedAt: '2026-03-12T09:15:00.000Z' });
    expect(klaus.afterCommissioning[0]).toMatchObject({ step: 'COMPLETION_NOTICE', status: 'DONE' });
  });

  it('derives the steps of a demo project from its grid operator and MaStR when the demo names none', async () => {
    const sophie = await demo(100246);
    expect(sophie.afterCommissioning.map((s) => s.status)).toEqual(['DONE', 'DONE', 'DONE', 'ACTIVE', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING']);
    // She registers herself (no authorization) and the meter appointment is planned.
    expect(active(sophie)).toMatchObject({ step: 'METER_SET', waitingFor: 'METER_OPERATOR', plannedOn: '2026-04-02' });
  });

  it('walks from the grid confirmation to the first feed-in payment, keeping the grid operator, the assembly and the MaStR in line', async () => {
    const journey = await demo(100247);
    const step = (input: Parameters<typeof advanceAfterCommissioning>[2] = {}) => advanceAfterCommissioning(journey, at('2026-03-21T10:00:00Z'), input);

    step({ on: '2026-03-16' });
    expect(journey.afterCommissioning[1]).toMatchObject({ status: 'DONE', completedAt: '2026-03-16T09:00:00.000Z' });
    expect(active(journey)).toMatchObject({ step: 'METER_APPOINTMENT', waitingFor: 'METER_OPERATOR', startedAt: '2026-03-16T09:00:00.000Z' });

    step({ appointmentOn: '2026-03-30' });
    expect(journey.gridOperator.status).toBe('METER_APPOINTMENT');
    expect(journey.appointments.find((a) => a.kind === 'METER')).toMatchObject({ status: 'CONFIRMED', start: '2026-03-30T06:00:00.000Z' });
    expect(active(journey)).toMatchObject({ step: 'METER_SET', plannedOn: '2026-03-30' });
    expect(journey.steps.find((s) => s.status === 'ACTIVE')).toMatchObject({ step: 'ASSEMBLY_CONCLUSION', waitingFor: 'METER_OPERATOR' });

    step();
    expect(journey.gridOperator).toMatchObject({ status: 'METER_SET', meterSetAt: '2026-03-21T10:00:00.000Z' });
    // The meter ends the assembly.
    expect(journey.steps.every((s) => s.status === 'DONE' || s.status === 'SKIPPED')).toBe(true);
    expect(active(journey)).toMatchObject({ step: 'SMART_METER', waitingFor: 'METER_OPERATOR' });

    step();
    expect(active(journey)).toMatchObject({ step: 'CAP_LIFTED', waitingFor: 'INSTALLER' });
    step();
    // Klaus registers himself (no authorization): the MaStR step waits on him.
    expect(active(journey)).toMatchObject({ step: 'MASTR_REGISTERED', waitingFor: 'CUSTOMER' });
    step();
    expect(journey.mastr).toMatchObject({ status: 'REGISTERED', registeredBy: 'CUSTOMER', registeredAt: '2026-03-21T10:00:00.000Z' });
    expect(active(journey)).toMatchObject({ step: 'FIRST_PAYMENT', waitingFor: 'GRID_OPERATOR' });
    step();
    expect(active(journey)).toBeUndefined();
    expect(() => step()).toThrow(new JourneyConflict('Nach der Inbetriebnahme ist schon alles erledigt.'));
  });

  it('takes an authorised registration made with the meter as the MaStR step, at the moment it happened', () => {
    const journey = defaultJourney('ASSEMBLY_CONCLUSION', now);
    for (let i = 0; i < 3; i++) advanceAfterCommissioning(journey, at('2026-03-21T10:00:00Z'));
    expect(journey.mastr).toMatchObject({ status: 'REGISTERED', registeredBy: 'INSTALLER' });
    advanceAfterCommissioning(journey, at('2026-03-22T10:00:00Z'));
    advanceAfterCommissioning(journey, at('2026-03-23T10:00:00Z'));
    expect(journey.afterCommissioning[6]).toMatchObject({ status: 'DONE', completedAt: '2026-03-21T10:00:00.000Z' });
    expect(active(journey)).toMatchObject({ step: 'FIRST_PAYMENT', startedAt: '2026-03-23T10:00:00.000Z' });
  });

  it('refuses a day in the future or before the step began, and a meter appointment before the day it was agreed', async () => {
    const journey = await demo(100247);
    const now = at('2026-03-21T10:00:00Z');
    expect(() => advanceAfterCommissioning(journey, now, { on: '2026-03-22' })).toThrow(/22\.03\.2026 liegt in der Zukunft/);
    expect(() => advanceAfterCommissioning(journey, now, { on: '2026-03-11' })).toThrow(/begann erst am 12\.03\.2026/);
    advanceAfterCommissioning(journey, now, { on: '2026-03-18' });
    expect(() => advanceAfterCommissioning(journey, now, { on: '2026-03-19', appointmentOn: '2026-03-18' })).toThrow(/nicht vor dem 19\.03\.2026/);
    expect(active(journey)?.step).toBe('METER_APPOINTMENT');
  });

  it('lets the tester say the register is the one to wait on', async () => {
    const journey = await demo(100247);
    setAfterWaitingFor(journey, 'REGISTER');
    expect(active(journey)?.waitingFor).toBe('REGISTER');
  });

  it('starts with commissioning, skips the cap for plants before 25.02.2025 and what a project without PV does not have', () => {
    const planned = defaultJourney('AC', now);
    expect(planned.afterCommissioning).toEqual([]);
    const wallbox = defaultJourney('ASSEMBLY_CONCLUSION', now, ['CHARGE']);
    expect(active(wallbox)?.step).toBe('GRID_CONFIRMED');
    const done = (j: Journey) => {
      for (let i = 0; i < 8 && active(j); i++) advanceAfterCommissioning(j, now.toISOString());
      return j.afterCommissioning.map((s) => `${s.step}:${s.status}`);
    };
    expect(done(wallbox).slice(5)).toEqual(['CAP_LIFTED:SKIPPED', 'MASTR_REGISTERED:SKIPPED', 'FIRST_PAYMENT:SKIPPED']);

    const old = defaultJourney('ASSEMBLY_CONCLUSION', now);
    old.commissionedAt = '2025-01-10T10:00:00.000Z';
    old.afterCommissioning = [];
    settleAfterCommissioning(old, now.toISOString());
    expect(done(old)).toContain('CAP_LIFTED:SKIPPED');
    expect(defaultJourney('IN_OPERATION', now).afterCommissioning.every((s) => s.status === 'DONE')).toBe(true);
  });
});
