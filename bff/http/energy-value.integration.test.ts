import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import type { EnergyValuePageData, Explanation } from '../contracts/energy-value.ts';
import { createEnergyValueRepository } from '../db/repositories/energy-value.repository.ts';
import { berlinToday } from '../domain/berlin-time.ts';
import { energyValueAccountData } from '../domain/energy-value/energy-value-account-data.ts';
import { Money } from '../domain/money/amounts.ts';
import { createRequestContext } from '../domain/request-context.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * The "Geld" page and its forms (docs/energy-value.md) on the real composition: PostgreSQL, the IoT simulator and the
 * market-data stand-in. A customer like Jonas (9.8 kWp with battery, commissioned 15.04.2025) enters tariffs and the
 * installation's facts through the plain forms; the page service values the days with them.
 */
const { portal, data } = usePortal({ data: 'all' });
let client: BrowserLikeClient;
let user: SessionUser;
let projectId: number;
let SITE: string;
/** A sunny Saturday the tester makes negative from 11 to 16 h (after § 51 took effect on 01.01.2026). */
const NEGATIVE_DAY = '2026-06-20';

beforeAll(async () => {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  projectId = project.id;
  SITE = (await data.installation(project.id)).siteId;
  user = { id: customer.sub, email: customer.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700994', phase: 'PROJECT' };
  await fetch(`${portal.sandboxUrl}/market-data/_control/negative-days`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ date: NEGATIVE_DAY, from: '11:00', to: '16:00', eurPerMwh: -30 }),
  });
  await fetch(`${portal.sandboxUrl}/iot/api/v2/sites/${SITE}/power?date=${NEGATIVE_DAY}`, { headers: { 'x-api-key': portal.config.IOT_API_KEY } });
  client = await signedInClient(portal.url, customer);
});
afterAll(async () => {
  await fetch(`${portal.sandboxUrl}/market-data/_control/negative-days`, { method: 'DELETE' });
});

const post = (path: string, fields: Record<string, string>) =>
  client.request(`${portal.url}/api/v1/internal/energy-value/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(fields).toString(),
  });
const tariff = (fields: Record<string, string>) =>
  post('tariffs', { installationId: SITE, kind: 'fixed', validFrom: '', validTo: '', grossCentsPerKwh: '', surchargeNetCentsPerKwh: '', vatPercent: '19', ...fields });
const refusal = (response: Response) => {
  const url = new URL(response.headers.get('location') ?? '', portal.url);
  return { path: url.pathname, error: url.searchParams.get('error'), fields: url.searchParams.get('fields'), form: url.searchParams.get('form'), hash: url.hash };
};
const page = (request: Partial<Parameters<ReturnType<typeof pageServices>['energyValue']['page']>[0]> = {}) =>
  pageServices().energyValue.page({ installationId: SITE, period: 'total', date: berlinToday(), month: null, ...request });
const pageServices = () => portal.pageServices(createRequestContext(user, projectId, 'de'));
const ready = (data: EnergyValuePageData) => {
  if (data.kind !== 'ready') throw new Error('no installation');
  return data;
};
const input = (explanation: Explanation, name: string) => new Money(explanation.inputs.find((i) => i.name === name)?.value ?? 'NaN');

describe('the tariff form', () => {
  it('refuses a negative price, a bad date and an end before the start, each at its field, and keeps nothing typed in the address', async () => {
    const negative = await tariff({ validFrom: '2025-01-01', validTo: '2025-12-31', grossCentsPerKwh: '-35,2' });
    expect(negative.status).toBe(303);
    expect(refusal(negative)).toEqual({ path: '/home/app/geld', error: 'ENERGY_VALUE.INVALID_INPUT', fields: 'grossCentsPerKwh:negative', form: 'tariff', hash: '#tariff-errors' });
    // The installation's id may hold the digits (SITE-7D1A35); nothing else of the address may.
    expect(negative.headers.get('location')?.replace(SITE, '')).not.toContain('35');

    const badDates = await tariff({ validFrom: '2025-02-30', validTo: '', grossCentsPerKwh: '35,2' });
    expect(refusal(badDates).fields).toBe('validFrom:date');
    const order = await tariff({ validFrom: '2025-06-01', validTo: '2025-05-01', grossCentsPerKwh: '35,2' });
    expect(refusal(order).fields).toBe('validTo:order');
    expect(await pageServices().energyValue.page({ installationId: SITE, period: 'total', date: berlinToday(), month: null }).then((d) => ready(d).tariffs)).toEqual([]);
  });

  it('stores tariffs one after another (German decimals) and refuses an overlap with a stored one', async () => {
    const first = await tariff({ validFrom: '2025-01-01', validTo: '2025-12-31', grossCentsPerKwh: '35,2' });
    expect([first.status, first.headers.get('location')]).toEqual([303, `/home/app/geld?installation=${SITE}&saved=tariff#tariffs`]);
    const second = await tariff({ validFrom: '2026-01-01', grossCentsPerKwh: '32.9' });
    expect(second.status).toBe(303);
    const overlap = await tariff({ validFrom: '2025-12-01', validTo: '2026-02-28', grossCentsPerKwh: '30' });
    expect(refusal(overlap)).toMatchObject({ error: 'ENERGY_VALUE.INVALID_INPUT', fields: 'validFrom:overlap', form: 'tariff' });
    const stored = ready(await page()).tariffs;
    expect(stored.map((t) => [t.validFrom, t.validTo, t.grossCentsPerKwh])).toEqual([
      ['2025-01-01', '2025-12-31', '35.2'],
      ['2026-01-01', null, '32.9'],
    ]);
  });

  it('refuses another customer’s installation like an unknown one', async () => {
    const other = await data.customer();
    await data.project({ portalUserIds: [other.sub] });
    const stranger = await signedInClient(portal.url, other);
    const response = await stranger.request(`${portal.url}/api/v1/internal/energy-value/tariffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ installationId: SITE, kind: 'fixed', validFrom: '2027-01-01', grossCentsPerKwh: '30' }).toString(),
    });
    expect(response.status).toBe(404);
  });
});

describe('the installation form', () => {
  it('refuses a negative investment and a smart meter in the future; then stores the facts', async () => {
    const bad = await post('installation', { installationId: SITE, investmentEur: '-18.900,00', meteringFeeEurPerYear: '50', feedInMode: 'partial', feedInRateCents: '', smartMeterInstalledOn: '2099-01-01', controlBoxWorkingOn: '' });
    expect(refusal(bad)).toMatchObject({ error: 'ENERGY_VALUE.INVALID_INPUT', fields: 'investmentEur:negative,smartMeterInstalledOn:future', form: 'installation' });
    const ok = await post('installation', { installationId: SITE, investmentEur: '18.900,00', meteringFeeEurPerYear: '50', feedInMode: 'partial', feedInRateCents: '', smartMeterInstalledOn: '2025-09-16', controlBoxWorkingOn: '' });
    expect(ok.headers.get('location')).toBe(`/home/app/geld?installation=${SITE}&saved=installation#installation`);
    expect(ready(await page()).facts).toEqual({ investmentEur: '18900', meteringFeeEurPerYear: '50', feedInMode: 'partial', feedInRateCents: null, smartMeterInstalledOn: '2025-09-16', controlBoxWorkingOn: null });
  });
});

describe('the page service', () => {
  it('values every day with the tariff valid then: savings, battery share, fees, amortisation and effective price agree with their inputs', async () => {
    const view = ready(await page());
    const money = view.money;
    if (!money) throw new Error('no money view');
    // Commissioning to today (Berlin): the valuation runs up to the day the test runs on.
    const today = berlinToday();
    expect([money.from, money.to]).toEqual(['2025-04-15', today]);
    const savings = money.savings.explanation;
    // Both tariffs priced their own days, each with its validity.
    expect(savings.inputs.filter((i) => i.name === 'electricityPrice').map((i) => [i.value, i.validFrom, i.validTo])).toEqual([
      ['35.2', '2025-01-01', '2025-12-31'],
      ['32.9', '2026-01-01', null],
    ]);
    expect(new Money(savings.result.value).toFixed(2)).toBe(input(savings, 'avoidedPurchase').plus(input(savings, 'feedInRevenue')).toFixed(2));
    // The negative quarter hours' feed-in is not paid: paid < fed in.
    expect(input(savings, 'paidFeedInKwh').lt(input(savings, 'feedInKwh'))).toBe(true);
    expect(money.batteryShare?.explanation.result.value).toMatch(/^-?\d+\.\d{2}$/);
    // 50 € a year over the recorded days.
    const days = Number(money.meteringFees.explanation.inputs.find((i) => i.name === 'recordedDays')?.value);
    expect(Math.abs(Number(money.meteringFees.explanation.result.value) - (50 * days) / 365)).toBeLessThan(0.5);
    expect(money.amortisation?.status).toBe('projected');
    expect(money.amortisation?.date && money.amortisation.date > today).toBe(true);
    expect(money.amortisation?.explanation.notes).toContain('projectionFromAverage');
    expect(Number(money.effectivePrice.explanation.result.value)).toBeGreaterThan(0);
    expect(money.savings.stand).toBe(view.stand);
    // The years of the breakdown add up to the total.
    const sum = money.breakdown.rows.reduce((s, r) => s.plus(r.savings), new Money(0));
    expect(sum.minus(savings.result.value).abs().lte(0.02)).toBe(true);
    const years = Array.from({ length: Number(today.slice(0, 4)) - 2025 }, (_, i) => `${2026 + i}-01-01`);
    expect(money.breakdown.rows.map((r) => r.from)).toEqual(['2025-04-15', ...years]);
  });

  it('shows the negative day with its unpaid feed-in at the installation’s EEG rate, the running balance and the cap', async () => {
    const solar = ready(await page({ month: NEGATIVE_DAY.slice(0, 7) })).solarspitzen;
    if (!solar) throw new Error('no Solarspitzen view');
    expect(solar.ruleStart).toBe('2026-01-01');
    expect(solar.months).toContain('2026-06');
    const day = solar.days.find((d) => d.date === NEGATIVE_DAY);
    expect(day?.negativeQuarterHours).toBeGreaterThanOrEqual(20);
    expect(day?.ruleApplies).toBe(true);
    expect(Number(day?.feedInKwh)).toBeGreaterThan(1);
    // 9.8 kWp, partial feed-in, commissioned in the half-year from 1 Feb 2025: 10 kWp at 7.94 ct.
    expect(day?.unpaidEur).toBe(new Money(day?.feedInKwh ?? '0').times('7.94').div(100).toFixed(2));
    expect(day?.cumulativeFullLoadQuarterHours).toBe(Math.ceil((day?.cumulativeQuarterHours ?? 0) / 2));
    expect(solar.cap).toEqual({ applies: true, capKw: '5.88', liftedOn: null, missing: ['controlBox'] });
    expect(solar.paymentExtension.regularEnd).toBe('2045-12-31');
    expect(solar.pricesStand).not.toBeNull();
    // Without a chosen month the page opens the newest one in which negative prices cost feed-in pay.
    const opened = ready(await page()).solarspitzen;
    expect(opened?.months).toContain(opened?.month);
    expect(opened?.days.some((d) => d.ruleApplies && Number(d.feedInKwh) > 0)).toBe(true);
  });

  it('a second render asks the IoT cloud and the market data only for what can still change', async () => {
    await page();
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      await page();
      const urls = spy.mock.calls.map(([url]) => String(url instanceof Request ? url.url : url));
      const upstream = urls.filter((u) => u.startsWith(portal.config.services.iot.url) || u.startsWith(portal.config.services.marketData.url));
      expect(upstream.length).toBeLessThanOrEqual(4);
    } finally {
      spy.mockRestore();
    }
  });

  it('the customer’s entries are in the data export and go with the account', async () => {
    const source = energyValueAccountData(createEnergyValueRepository(portal.knex));
    const subject = { userId: user.id, email: user.email, emails: [user.email], firstName: 'Test', lastName: 'Kunde', projectIds: [projectId] };
    const exported = (await source.export?.(subject)) as { tariffs: unknown[]; installations: unknown[] };
    expect([exported.tariffs.length, exported.installations.length]).toEqual([2, 1]);
    expect(await source.erase?.(subject)).toEqual({ tariffsDeleted: 2, installationsDeleted: 1 });
    expect(ready(await page()).tariffs).toEqual([]);
  });
});
