import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * One call per service per request (docs/architecture.md "One call per service"): the messages page and the bell share
 * the task service's answer through the request memo, and once the task service timed out in a request nothing else in
 * that request waits for it again. Measured on the real composition, counting the portal's calls to the service.
 */
const TIMEOUT_MS = 1_000;

const { portal, data } = usePortal({ env: { TASKS_TIMEOUT_MS: String(TIMEOUT_MS) } });
afterEach(async () => {
  vi.restoreAllMocks();
  await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, { method: 'DELETE' });
});

/** Counts the portal's requests to the task service from here on. */
function countTaskCalls(): () => number {
  const tasksUrl = portal.config.services.tasks.url;
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(tasksUrl)).length;
}

async function customerPage() {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  const user: SessionUser = { id: customer.sub, email: customer.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700999', phase: 'PROJECT' };
  return { project, page: () => portal.pageServices(createRequestContext(user, project.id, 'de')) };
}

describe('one call per service per request', () => {
  it('the messages page and the bell ask the task service once', async () => {
    const { project, page } = await customerPage();
    const services = page();
    const calls = countTaskCalls();
    const list = await services.messages.list();
    const layout = await services.layout.view();
    expect(list?.projectId).toBe(project.id);
    expect(layout?.notifications).not.toBeNull();
    expect(calls()).toBe(1);
  });

  it('after the task service timed out, the rest of the request does not wait for it again', async () => {
    const { page } = await customerPage();
    await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'slow', delayMs: 4 * TIMEOUT_MS }),
    });
    const services = page();
    const calls = countTaskCalls();
    const started = performance.now();
    // The thread page: its own task times out first, then the bell would ask for the project's tasks.
    await expect(services.messages.thread('T-unknown')).rejects.toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', params: { service: 'tasks' } });
    const layout = await services.layout.view();
    const elapsed = performance.now() - started;
    expect(layout?.notifications).not.toBeNull();
    expect(calls()).toBe(1);
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 1.7);

    // A new request asks again: the rule holds for one request only.
    const next = page();
    await expect(next.messages.list()).rejects.toMatchObject({ code: 'UPSTREAM.UNAVAILABLE' });
    expect(calls()).toBe(2);
  });
});
