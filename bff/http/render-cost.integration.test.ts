import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import type { PortalServices } from '../contracts/page-services.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * What one render of a signed-in page costs (docs/architecture.md "The data path of a page"): the upstream calls and
 * the SQL statements (knex's pool; the session store's own pool is not counted) of the page's loader plus the layout,
 * the first time (nothing kept) and again within the time upstream answers are kept. Writes on a GET are none.
 */
// The bell's kept feed as in production (docs/messages.md "The kept feed").
// The CMS answers (nothing published), so its content is kept as in production rather than asked again while it is down.
const { portal, data } = usePortal({ env: { NOTIFICATION_FEED_MAX_AGE_SECONDS: '60' }, adapterOverrides: { content: contentSource() } });
afterEach(() => {
  vi.restoreAllMocks();
  portal.services.upstreamCache.clear();
});

/** Every page's loader as its page in site/pages calls it (`taskId`: a thread of the project). */
const pages = (taskId: string): Record<string, (s: PortalServices) => Promise<unknown>> => ({
  dashboard: (s) => Promise.all([s.projects.mine(), s.journey.mine(), s.monitoring.today(), s.newsletter.banner()]),
  'my-project': (s) => s.journey.mine(),
  'files hub': (s) => Promise.all([s.documents.list([]), s.documents.gallery()]),
  documents: (s) => s.documents.list([]),
  messages: (s) => s.messages.list(),
  thread: async (s) => {
    const thread = await s.messages.thread(taskId);
    return s.documents.ofTask(thread.projectId, thread.id);
  },
  sepa: (s) => s.money.sepaMandate(),
  exports: (s) => s.dataExports.page(),
});

function counting() {
  const vendors = Object.values(portal.config.services).map((service) => service.url);
  const spy = vi.spyOn(globalThis, 'fetch');
  const sql: string[] = [];
  const listen = (query: { sql: string }) => sql.push(query.sql);
  portal.knex.on('query', listen);
  return {
    upstream: () => spy.mock.calls.filter(([input]) => vendors.some((url) => String(input instanceof Request ? input.url : input).startsWith(url))).length,
    sql: () => sql.length,
    writes: () => sql.filter((statement) => !/^\s*select\b/i.test(statement)).length,
    stop: () => portal.knex.removeListener('query', listen),
  };
}

describe('the cost of one render', () => {
  it('a warm render asks fewer vendors than a cold one, at most two, and writes nothing', async () => {
    const account = await data.customer();
    const project = await data.project({ portalUserIds: [account.sub] });
    await data.project({ portalUserIds: [account.sub] });
    // A running installation (the dashboard's power of today), a thread with a document, a document naming it, a photo.
    await data.installation(project.id);
    const control = async (path: string, body: unknown) =>
      (await fetch(`${portal.sandboxUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{ id: string }>;
    const task = await control('/tasks/_control/todos', { projectId: project.id, subject: 'Zählerfoto', text: 'Bitte schick uns ein Foto.' });
    await control('/documents/_control/documents', { projectId: project.id, type: 'BILL', title: 'Rechnung', filename: 'Rechnung.pdf', taskId: task.id });
    await control('/documents/_control/documents', { projectId: project.id, type: 'WARRANTY_DOCUMENTS', title: 'Garantie', filename: 'Garantie.pdf' });
    await control('/documents/_control/photos', { projectId: project.id, subject: 'ROOF', step: 'DC', caption: 'Dach' });
    const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700995', phase: 'PROJECT' };
    const rows: string[] = [];
    for (const [page, load] of Object.entries(pages(task.id))) {
      portal.services.upstreamCache.clear();
      const figures: { upstream: number; sql: number; writes: number }[] = [];
      // Cold, then twice warm: a thread's first open marks it read, which gathers the bell afresh on the next render.
      for (const _render of [1, 2, 3]) {
        const services = portal.pageServices(createRequestContext(user, project.id, 'de', 1));
        const count = counting();
        await Promise.all([load(services).catch(() => null), services.layout.view()]);
        count.stop();
        figures.push({ upstream: count.upstream(), sql: count.sql(), writes: count.writes() });
        vi.restoreAllMocks();
      }
      const [cold, , warm] = figures as [(typeof figures)[0], (typeof figures)[0], (typeof figures)[0]];
      rows.push(`| ${page} | ${cold.upstream} / ${cold.sql} | ${warm.upstream} / ${warm.sql} | ${warm.writes} |`);
      expect(warm.upstream, page).toBeLessThan(cold.upstream);
      expect(warm.upstream, page).toBeLessThanOrEqual(2);
      expect(warm.writes, page).toBe(0);
    }
    console.info(['| page (two projects) | cold: upstream / SQL | warm: upstream / SQL | writes |', '| --- | --- | --- | --- |', ...rows].join('\n'));
  });
});
