import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import type { AfterCommissioningStepView, MyJourney } from '../contracts/journey.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { berlinToday } from '../domain/berlin-time.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * The way after commissioning (docs/journey.md "After commissioning") on the real composition: the management
 * stand-in's steps reach the project page's service through the management-journeys adapter, and a step the back
 * office moves on reaches the page through the existing `project.step_changed` event (it ends the cached answer).
 */
const { portal, data } = usePortal();
afterEach(() => portal.services.upstreamCache.clear());

const advance = (projectId: number, json: Record<string, string> = {}) =>
  fetch(`${portal.sandboxUrl}/management/_control/projects/${projectId}/after-commissioning/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

async function commissionedCustomer() {
  const account = await data.customer();
  const project = await data.project({ portalUserIds: [account.sub], phase: 'ASSEMBLY', step: 'ASSEMBLY_CONCLUSION' });
  const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700998', phase: 'PROJECT' };
  const steps = async (): Promise<AfterCommissioningStepView[]> => {
    const mine: MyJourney = await portal.pageServices(createRequestContext(user, project.id, 'de', 1)).journey.mine();
    if (!mine.available || !mine.journey) throw new Error('no journey');
    return mine.journey.afterCommissioning;
  };
  return { project, steps };
}
const current = (steps: AfterCommissioningStepView[]) => steps.find((s) => s.state === 'CURRENT');

describe('the way after commissioning on the project page', () => {
  it('shows who the current step waits on, since when and its deadline with the law, and the MaStR month ahead', async () => {
    const { steps } = await commissionedCustomer();
    const after = await steps();
    expect(after.map((s) => s.step)).toEqual(['COMPLETION_NOTICE', 'GRID_CONFIRMED', 'METER_APPOINTMENT', 'METER_SET', 'SMART_METER', 'CAP_LIFTED', 'MASTR_REGISTERED', 'FIRST_PAYMENT']);
    expect(after[0]).toMatchObject({ state: 'DONE', completedAt: expect.any(String) });
    expect(current(after)).toMatchObject({
      step: 'GRID_CONFIRMED',
      waitingFor: 'GRID_OPERATOR',
      since: expect.any(String),
      sinceDays: expect.any(Number),
      deadline: { kind: 'METER_SWAP', source: 'MsbG § 3 Abs. 3a', responsible: 'METER_OPERATOR', promise: false },
    });
    expect(after[6]?.deadline).toMatchObject({ kind: 'MASTR_REGISTRATION', source: 'MaStRV § 5 Abs. 1' });
  });

  it('follows the back office step by step to the first feed-in payment; the event ends the kept answer each time', async () => {
    const { project, steps } = await commissionedCustomer();
    expect(current(await steps())?.step).toBe('GRID_CONFIRMED');
    const today = berlinToday(new Date());
    const seen: string[] = [];
    for (let step = current(await steps()); step; step = current(await steps())) {
      const before = step.step;
      expect((await advance(project.id, before === 'METER_APPOINTMENT' ? { appointmentOn: today } : { on: today })).status).toBe(200);
      // Same request data version: only the stand-in's event makes the page service ask again.
      await expect.poll(async () => current(await steps())?.step ?? 'ALL_DONE', { timeout: 10_000 }).not.toBe(before);
      const now = current(await steps());
      if (now) seen.push(`${now.step}:${now.waitingFor}:${now.deadline?.source ?? (now.deadline?.promise ? 'promise' : '-')}`);
    }
    expect(seen).toEqual([
      'METER_APPOINTMENT:METER_OPERATOR:MsbG § 3 Abs. 3a',
      'METER_SET:METER_OPERATOR:MsbG § 3 Abs. 3a',
      'SMART_METER:METER_OPERATOR:MsbG § 3 Abs. 3a',
      'CAP_LIFTED:INSTALLER:promise',
      // The installer registered the units with the meter set (authorised): the MaStR step is through already.
      'FIRST_PAYMENT:GRID_OPERATOR:EEG 2023 § 26 Abs. 1',
    ]);
    expect((await steps()).every((s) => s.state === 'DONE')).toBe(true);
    expect((await steps())[6]).toMatchObject({ step: 'MASTR_REGISTERED', completedAt: expect.any(String) });
    const refused = await advance(project.id);
    expect(refused.status).toBe(409);
  });
});
