import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * Upstream answers that change rarely are kept for seconds across requests (docs/architecture.md "The data path of a
 * page"): a second render within the time asks the management service nothing; the installer's event, or the
 * customer's own change (a new data version in the session), makes the next render ask again. Measured on the real
 * composition, counting the portal's calls to the management service.
 */
const { portal, data } = usePortal();
afterEach(() => {
  vi.restoreAllMocks();
  portal.services.upstreamCache.clear();
});

/** Counts the portal's requests to the management service from here on. */
function countManagementCalls(): () => number {
  const url = portal.config.services.management.url;
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(url)).length;
}

async function customer() {
  const account = await data.customer();
  const project = await data.project({ portalUserIds: [account.sub] });
  const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700998', phase: 'PROJECT' };
  /** One render of the my-project page with its layout, as a request with this data version gets it. */
  const render = async (dataVersion = 1) => {
    const services = portal.pageServices(createRequestContext(user, project.id, 'de', dataVersion));
    const [layout, journey] = await Promise.all([services.layout.view(), services.journey.mine()]);
    return { layout, journey };
  };
  return { project, render };
}

function managementEvent(projectId: number) {
  const body = JSON.stringify({ event: 'project.step_changed', data: { projectId, phase: 'ASSEMBLY', step: 'DC' } });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', portal.config.MANAGEMENT_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
  return fetch(`${portal.url}/api/management/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-management-signature': signature }, body });
}

describe('upstream answers kept across requests', () => {
  it('a second render within the time asks the management service nothing', async () => {
    const { project, render } = await customer();
    const calls = countManagementCalls();
    const first = await render();
    const afterFirst = calls();
    expect(first.journey).not.toBeNull();
    expect(afterFirst).toBeGreaterThan(0);
    const second = await render();
    expect(calls()).toBe(afterFirst);
    expect(second.journey).toEqual(first.journey);
    expect(second.layout?.projects).toEqual(first.layout?.projects);
    expect(JSON.stringify(second.layout)).toContain(String(project.id));
  });

  it('the installer’s event of the project makes the next render ask again', async () => {
    const { project, render } = await customer();
    await render();
    const calls = countManagementCalls();
    expect((await managementEvent(project.id)).status).toBe(204);
    const beforeRender = calls();
    await render();
    expect(calls()).toBeGreaterThan(beforeRender);
  });

  it('the customer’s own change (a new data version) makes the next render ask again', async () => {
    const { render } = await customer();
    await render(1);
    const calls = countManagementCalls();
    await render(2);
    expect(calls()).toBeGreaterThan(0);
  });

  it('a kept project list without the session’s project is asked afresh', async () => {
    const { render } = await customer();
    const account = await data.customer();
    const first = await data.project({ portalUserIds: [account.sub] });
    const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700997', phase: 'PROJECT' };
    await render();
    await portal.pageServices(createRequestContext(user, first.id, 'de', 1)).layout.view();
    // A second project connected elsewhere: the session now names it.
    const second = await data.project({ portalUserIds: [account.sub] });
    const layout = await portal.pageServices(createRequestContext(user, second.id, 'de', 1)).layout.view();
    expect(layout?.projects.available && layout.projects.projects.map((p) => p.id)).toContain(second.id);
  });
});
