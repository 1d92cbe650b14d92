import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkHistoryResponse } from '../contracts/monitoring.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal, data } = usePortal({ env: { IOT_TIMEOUT_MS: '1000' }, data: 'all' });
/** A customer of this file with two projects: a roof with battery (SITE) and an east-west carport without. */
let owner: BrowserLikeClient;
/** A customer without projects. */
let other: BrowserLikeClient;
let SITE: string;
let projectIds: number[];

beforeAll(async () => {
  const customer = await data.customer();
  const roof = await data.project({ portalUserIds: [customer.sub] });
  const carport = await data.project({ portalUserIds: [customer.sub] });
  projectIds = [roof.id, carport.id];
  SITE = (await data.installation(roof.id)).siteId;
  const carportSite = await data.installation(carport.id, {
    arrays: [
      { azimuthDeg: 90, tiltDeg: 15, peakPowerKw: 3.1 },
      { azimuthDeg: 270, tiltDeg: 15, peakPowerKw: 3.1 },
    ],
    battery: null,
    wallbox: { powerKw: 11 },
    commissionedAt: '2024-06-01T10:00:00+02:00',
  });
  // The simulator computes an installation's history on first use; do that before the short timeout applies.
  for (const site of [SITE, carportSite.siteId]) {
    await fetch(`${portal.sandboxUrl}/iot/api/v2/sites/${site}/power?date=2026-07-01`, { headers: { 'x-api-key': portal.config.IOT_API_KEY } });
  }
  [owner, other] = await Promise.all([signedInClient(portal.url, customer), signedInClient(portal.url, await data.customer())]);
});
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/iot/_control/faults`, { method: 'DELETE' });
});

async function get(client: BrowserLikeClient, path: string) {
  const response = await client.request(`${portal.url}/api/v1/internal${path}`);
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, type, body: type.includes('json') ? await response.json() : await response.text() };
}
const work = async (period: string, date: string) =>
  (await get(owner, `/installation/${SITE}/work-history?period=${period}&date=${date}`)).body as WorkHistoryResponse;

describe('installations of the customer', () => {
  it('a customer sees the installations of their projects; a customer without projects none', async () => {
    const list = (await get(owner, '/installation')).body as { installations: { id: string; projectId: number }[] };
    expect(list.installations.map((i) => i.projectId).sort()).toEqual([...projectIds].sort());
    expect((await get(other, '/installation')).body).toEqual({ installations: [] });
  });

  it('another customer’s installation answers 404 exactly like an unknown one', async () => {
    const foreign = await get(other, `/installation/${SITE}/work-history?period=day&date=2026-07-01`);
    const unknown = await get(other, '/installation/SITE-000000/work-history?period=day&date=2026-07-01');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((await get(other, `/installation/${SITE}/devices`)).status).toBe(404);
  });
});

describe('periods and validation', () => {
  it.each([
    ['period=hour&date=2026-07-01'],
    ['period=day&date=2026-02-30'],
    ['period=day&date=gestern'],
    ['date=2026-07-01'],
  ])('answers 400 with a clear German message for %s', async (query) => {
    const response = await get(owner, `/installation/${SITE}/work-history?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'MONITORING.INVALID_QUERY', message: expect.stringContaining('JJJJ-MM-TT') });
  });

  const berlinDay = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + offsetDays * 86_400_000));

  it.each([
    ['work-history', 'period=day&date=0100-01-01'],
    ['work-history', 'period=week&date=1000-01-06'],
    ['work-history', 'period=month&date=1999-12-31'],
    ['work-history', 'period=year&date=9999-06-01'],
    ['work-history', 'period=day&date=2025-04-14'],
    ['work-history', `period=day&date=${berlinDay(2)}`],
    ['power-history', 'period=day&date=0100-01-01'],
    ['power-history', 'period=day&date=9999-12-31'],
    ['self-sufficiency-total', 'period=month&date=1000-02-01'],
    ['self-consumption-total', 'period=year&date=2999-01-01'],
    ['export', 'period=week&date=0001-01-01'],
  ])('a date outside commissioning .. today on %s (%s) answers 400 with the range that has data', async (endpoint, query) => {
    const response = await get(owner, `/installation/${SITE}/${endpoint}?${query}`);
    expect(response.status).toBe(400);
    if (endpoint !== 'export') {
      expect(response.body).toMatchObject({ code: 'MONITORING.DATE_OUT_OF_RANGE', from: '2025-04-15', to: berlinDay(0) });
    }
  });

  it.each(['period=day&date=2025-04-15', 'period=week&date=2025-04-14', 'period=year&date=2025-01-01', 'period=total&date=0100-01-01'])(
    'a period that reaches into commissioning .. today is answered (%s)',
    async (query) => {
      expect((await get(owner, `/installation/${SITE}/work-history?${query}`)).status).toBe(200);
    },
  );

  it('power history exists for a day; a week asks for days', async () => {
    const day = await get(owner, `/installation/${SITE}/power-history?period=day&date=2026-07-01`);
    expect(day.status).toBe(200);
    expect((day.body as { points: unknown[] }).points).toHaveLength(96);
    expect((await get(owner, `/installation/${SITE}/power-history?period=week&date=2026-07-01`)).status).toBe(400);
  });
});

describe('figures that add up', () => {
  it('the days of a month sum to the month, the months of a year to the year, to the Wh', async () => {
    const month = await work('month', '2026-03-15');
    const year = await work('year', '2026-03-15');
    expect(month.buckets).toHaveLength(31);
    const march = year.buckets.find((b) => b.start === '2026-03-01');
    expect(march).toMatchObject(month.totals);
    expect(year.totals.pvWh).toBe(year.buckets.reduce((sum, b) => sum + b.pvWh, 0));
  });

  it('a week runs Monday to Sunday', async () => {
    const week = await work('week', '2026-07-01');
    expect(week.range).toMatchObject({ from: '2026-06-29', to: '2026-07-05' });
    expect(week.buckets.map((b) => b.start)).toEqual(['2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05']);
  });

  it('the KPIs come from the period’s summed energies', async () => {
    const year = await work('year', '2025-06-01');
    const ss = (await get(owner, `/installation/${SITE}/self-sufficiency-total?period=year&date=2025-06-01`)).body as { percent: number; consumptionWh: number; gridImportWh: number };
    const sc = (await get(owner, `/installation/${SITE}/self-consumption-total?period=year&date=2025-06-01`)).body as { percent: number; pvWh: number; exportWh: number };
    expect(ss.consumptionWh).toBe(year.totals.consumptionWh);
    expect(ss.percent).toBe(Math.round((1 - year.totals.importWh / year.totals.consumptionWh) * 1000) / 10);
    expect(sc.percent).toBe(Math.round((1 - year.totals.exportWh / year.totals.pvWh) * 1000) / 10);
    const flows = year.flows;
    expect(flows.solarToHomeWh + flows.solarToBatteryWh + flows.solarToGridWh).toBe(year.totals.pvWh);
  });

  it('the CSV of a month holds the same energies, German formatted', async () => {
    const month = await work('month', '2026-06-10');
    const csv = (await get(owner, `/installation/${SITE}/export?period=month&date=2026-06-10`)).body as string;
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Zeitraum;PV-Erzeugung (kWh);Verbrauch (kWh);Netzbezug (kWh);Einspeisung (kWh);Batterie geladen (kWh);Batterie entladen (kWh)');
    expect(lines).toHaveLength(month.buckets.length + 2);
    const first = month.buckets[0];
    expect(lines[1]).toBe(
      [first?.start, first?.pvWh, first?.consumptionWh, first?.importWh, first?.exportWh, first?.chargeWh, first?.dischargeWh]
        .map((v, i) => (i === 0 ? v : ((v as number) / 1000).toFixed(3).replace('.', ',')))
        .join(';'),
    );
  });
});

describe('when the IoT cloud fails', () => {
  it('a failing cloud answers 503 with a German message', async () => {
    await fetch(`${portal.sandboxUrl}/iot/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    const response = await get(owner, `/installation/${SITE}/work-history?period=day&date=2026-07-01`);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', message: expect.stringContaining('nicht erreichbar') });
  });

  it('a cloud slower than IOT_TIMEOUT_MS answers 503 after the timeout, not after the cloud', async () => {
    await fetch(`${portal.sandboxUrl}/iot/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'slow', delayMs: 5000 }),
    });
    const started = Date.now();
    const response = await get(owner, `/installation/${SITE}/devices`);
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
