import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CAPABILITIES } from '../../../bff/composition/capabilities.ts';
import { createRequestContext } from '../../../bff/domain/request-context.ts';
import type { BrowserLikeClient } from '../browser-like-client.ts';
import { jsonCall } from '../json-call.ts';
import { signedInClient } from '../sign-in.ts';
import { testData } from '../test-data.ts';
import { startTestPortal } from '../test-portal.ts';
import { toyCapability } from './toy.capability.ts';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;
let client: BrowserLikeClient;
let customer: Awaited<ReturnType<ReturnType<typeof testData>['customer']>>;

beforeAll(async () => {
  // The toy's one line: the capability list with its entry after the portal's own.
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl'), extraCapabilities: [toyCapability] });
  customer = await testData(portal.sandboxUrl).customer();
  client = await signedInClient(portal.url, customer);
});
afterAll(async () => {
  await portal?.close();
});

it('a capability declared in its own module gets its route, page service, job and notification from one list entry', async () => {
  expect(CAPABILITIES).not.toContain(toyCapability);
  // Its router, on the base it names (internal: signed-in customers, the CSRF check included).
  const greeting = await jsonCall(portal.url, client, 'GET', '/api/v1/internal/toy/greeting');
  expect(greeting.status).toBe(200);
  expect(greeting.body).toEqual({ greeting: 'Hallo vom Spielzeug', userId: customer.sub });
  // Its page service, bound to the request like every other.
  const user = { id: customer.sub, email: customer.email, firstName: 'Toni', lastName: 'Test', customerNumber: '1', phase: 'PROJECT' as const };
  expect(await portal.pageServices(createRequestContext(user, undefined, 'de')).toy?.greeting()).toBe('Hallo Toni');
  // Its job, in the runner's catalogue and bound to its own service.
  expect(portal.services.jobs.names()).toContain('toy-count');
  expect(await portal.services.jobs.run('toy-count')).toMatchObject({ greeted: 1 });
  // Its notification, in the bell with the others.
  const bell = await jsonCall(portal.url, client, 'GET', '/api/v2/app/notification');
  expect((bell.body?.notifications as { id: string }[]).map((n) => n.id)).toContain('toy:hello');
});
