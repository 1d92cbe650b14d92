import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import type { PortalServices } from '../contracts/page-services.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * What one render of a signed-in page costs (docs/architecture.md "The data path of a page"): the upstream calls and
 * the SQL statements (knex's pool; the session store's own pool is not counted) of the page's loader plus the layout,
 * the first time (nothing kept) and again within the time upstream answers are kept. Writes on a GET are none.
 */
// The bell's kept feed as in production (docs/messages.md "The kept feed").
const { portal, data } = usePortal({ env: { NOTIFICATION_FEED_MAX_AGE_SECONDS: '60' } });
afterEach(() => {
  vi.restoreAllMocks();
  portal.services.upstreamCache.clear();
});

/** Every page's loader as its page in site/pages calls it. */
const PAGES: Record<string, (s: PortalServices) => Promise<unknown>> = {
  dashboard: (s) => Promise.all([s.projects.mine(), s.journey.mine(), s.monitoring.today()]),
  'my-project': (s) => s.journey.mine(),
  documents: (s) => s.documents.list([]),
  messages: (s) => s.messages.list(),
  sepa: (s) => s.money.sepaMandate(),
  exports: (s) => s.dataExports.page(),
};

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
  it('a warm render asks fewer vendors than a cold one and writes nothing', async () => {
    const account = await data.customer();
    const project = await data.project({ portalUserIds: [account.sub] });
    await data.project({ portalUserIds: [account.sub] });
    const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700995', phase: 'PROJECT' };
    const rows: string[] = [];
    for (const [page, load] of Object.entries(PAGES)) {
      portal.services.upstreamCache.clear();
      const figures: { upstream: number; sql: number; writes: number }[] = [];
      for (const _render of [1, 2]) {
        const services = portal.pageServices(createRequestContext(user, project.id, 'de', 1));
        const count = counting();
        await Promise.all([load(services).catch(() => null), services.layout.view()]);
        count.stop();
        figures.push({ upstream: count.upstream(), sql: count.sql(), writes: count.writes() });
        vi.restoreAllMocks();
      }
      const [cold, warm] = figures as [(typeof figures)[0], (typeof figures)[0]];
      rows.push(`| ${page} | ${cold.upstream} / ${cold.sql} | ${warm.upstream} / ${warm.sql} | ${warm.writes} |`);
      expect(warm.upstream, page).toBeLessThan(cold.upstream);
      expect(warm.writes, page).toBe(0);
    }
    console.info(['| page (two projects) | cold: upstream / SQL | warm: upstream / SQL | writes |', '| --- | --- | --- | --- |', ...rows].join('\n'));
  });
});
