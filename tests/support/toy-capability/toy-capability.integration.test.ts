import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CAPABILITIES, ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import { createRequestContext } from '~/bff/domain/request-context.ts';
import { BrowserLikeClient } from '../browser-like-client.ts';
import { jsonCall } from '../json-call.ts';
import { signedInClient } from '../sign-in.ts';
import { testData } from '../test-data.ts';
import { startTestPortal } from '../test-portal.ts';
import { toyCapability } from './toy.capability.ts';
import { TOY_PAGE } from './toy.contract.ts';
import de from './messages.de.json';
import en from './messages.en.json';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;
let client: BrowserLikeClient;
let customer: Awaited<ReturnType<ReturnType<typeof testData>['customer']>>;

beforeAll(async () => {
  // The toy's one line: the capability list with its entry after the portal's own.
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl'), extraCapabilities: [toyCapability], env: { TOY_GREETING: 'Hallo aus der Umgebung' } });
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
  // Its variable, parsed with the kernel's from the environment.
  expect(greeting.body).toEqual({ greeting: 'Hallo aus der Umgebung', userId: customer.sub });
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

it('its page: in the route table of the portal that has it, guarded, its visit logged, in the account menu, with its messages', async () => {
  expect(ROUTE_TABLE.routeOf(TOY_PAGE)).toBeUndefined();
  expect(portal.routes.routeOf(TOY_PAGE)).toMatchObject({ access: 'customer', logVisit: true });
  // Signed out, the page guard sends the visitor to the login, as for every customer page.
  const visitor = await new BrowserLikeClient().request(`${portal.url}${TOY_PAGE}`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get('location')).toMatch(/^\/api\/auth\/login\?returnTo=%2Fhome%2Fapp%2Ftoy$/);
  // Signed in, the page renders (the test portal's stand-in page echoes its locals) and the visit is logged.
  const page = await client.request(`${portal.url}${TOY_PAGE}`);
  expect(page.status).toBe(200);
  expect(await page.json()).toMatchObject({ page: TOY_PAGE, locals: { user: { id: customer.sub } } });
  const visits = await portal
    .knex('activity_log')
    .join('activity_log_page_visit', 'activity_log.id', 'activity_log_page_visit.activity_log_id')
    .where({ 'activity_log.user_id': customer.sub, 'activity_log_page_visit.path': TOY_PAGE })
    .count<{ count: string }[]>('* as count');
  expect(Number(visits[0]?.count)).toBe(1);
  // The navigation the site renders from Astro.locals.routes: in the account menu, current on its page.
  expect(portal.routes.navigationFor(TOY_PAGE).find((item) => item.href === TOY_PAGE)).toEqual({ href: TOY_PAGE, labelKey: 'toy.nav', current: true, group: 'account' });
  // Its messages: in its own files, German and English complete, its nav label among them.
  expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  expect(Object.keys(de)).toContain('toy.nav');
  expect(Object.keys(de).every((key) => key.startsWith('toy.'))).toBe(true);
});
