import { describe, expect, it } from 'vitest';
import type { EnergyBucket } from '../../contracts/monitoring.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { MarketData } from '../../ports/market-data.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { EnergyValueRepository, InstallationFactsRow, StoredTariff } from '../repositories/energy-value.ts';
import { createRequestContext } from '../request-context.ts';
import { VALUATION_TTL_MS, berlinMidnightMs, createEnergyValueService, parseDecimal } from './energy-value.service.ts';

describe('energy-value form input', () => {
  it('reads decimals as a German or English customer types them', () => {
    expect(parseDecimal('32,5')).toBe('32.5');
    expect(parseDecimal('32.5')).toBe('32.5');
    expect(parseDecimal('18.900,00')).toBe('18900');
    expect(parseDecimal('18.900')).toBe('18900');
    expect(parseDecimal(' 1.234.567 € ')).toBe('1234567');
    expect(parseDecimal('-5')).toBe('-5');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('zwölf')).toBe('NaN');
  });
  it('knows when a Berlin day starts in summer and in winter', () => {
    expect(new Date(berlinMidnightMs('2026-06-21')).toISOString()).toBe('2026-06-20T22:00:00.000Z');
    expect(new Date(berlinMidnightMs('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(berlinMidnightMs('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});

describe('the page’s computed figures', () => {
  const user = { id: 'u-1', email: 'jonas@example.de', firstName: 'Jonas', lastName: 'Weber', customerNumber: '700001', phase: 'PROJECT' as const };
  const bucket = (date: string): EnergyBucket => ({ start: `${date}T00:00:00+02:00`, pvWh: 30_000, importWh: 4_000, exportWh: 18_000, chargeWh: 0, dischargeWh: 0, consumptionWh: 16_000 });

  function setup() {
    const calls = { energy: 0, dayAhead: 0 };
    let clock = new Date('2026-06-10T10:00:00Z');
    let lastSeenAt = '2026-06-10T09:45:00Z';
    const site = (): IotSite => ({
      siteId: 'site-1',
      projectId: 1,
      name: 'Dach',
      pvPeakPowerKw: 8,
      batteryCapacityKwh: null,
      annualConsumptionKwh: 4000,
      commissionedAt: '2026-06-01T10:00:00Z',
      devices: [{ id: 'inv', type: 'INVERTER', manufacturer: 'x', model: 'y', serialNumber: '1', firmware: '1', status: 'ONLINE', lastSeenAt }] as IotSite['devices'],
    });
    const iot = {
      sitesOfProjects: async () => [site()],
      energy: async (_site: string, from: string, to: string) => {
        calls.energy++;
        const days: EnergyBucket[] = [];
        for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) days.push(bucket(d));
        return days;
      },
      power: async () => ({ resolutionMinutes: 15, points: [], totals: bucket('2026-06-01') }),
    } as unknown as IotCloud;
    const marketData: MarketData = {
      dayAhead: async () => {
        calls.dayAhead++;
        return [];
      },
    };
    const tariffs: StoredTariff[] = [{ id: 1, installationId: 'site-1', validFrom: '2026-01-01', validTo: null, tariff: { kind: 'fixed', grossCentsPerKwh: '30' } }];
    let facts: InstallationFactsRow | null = null;
    const repository = {
      tariffs: async () => tariffs,
      facts: async () => facts,
    } as unknown as EnergyValueRepository;
    const projects = { projectsOf: async () => [{ id: 1 }] } as unknown as ProjectAccess;
    const service = createEnergyValueService({ iot, marketData, projects, repository, now: () => clock });
    const render = async () => {
      const data = await service.forRequest(createRequestContext(user, 1, 'de')).page({ installationId: null, period: 'total', date: '', month: null });
      if (data.kind !== 'ready' || !data.money) throw new Error('no money view');
      return data.money;
    };
    return {
      calls,
      render,
      report: (at: string) => (lastSeenAt = at),
      advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
      enterInvestment: (eur: string) =>
        (facts = { installationId: 'site-1', investmentEur: eur, meteringFeeEurPerYear: null, feedInMode: 'partial', feedInRateCents: null, smartMeterInstalledOn: null, controlBoxWorkingOn: null, updatedAt: clock }),
      addTariff: (t: StoredTariff) => tariffs.unshift(t), // the repository answers in order of validFrom
    };
  }

  it('are computed once while nothing they are computed from changes', async () => {
    const s = setup();
    const first = await s.render();
    const [second, third] = await Promise.all([s.render(), s.render()]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(s.calls.energy).toBe(1);
  });

  it('are computed afresh after a new report, a changed entry, a new tariff, a new day, and at the latest after their time to live', async () => {
    const s = setup();
    const before = await s.render();
    s.report('2026-06-10T10:00:00Z');
    await s.render();
    expect(s.calls.energy).toBe(2);

    s.enterInvestment('12000');
    const withInvestment = await s.render();
    expect(s.calls.energy).toBe(3);
    expect(before.amortisation).toBeNull();
    expect(withInvestment.amortisation?.explanation.inputs.find((i) => i.name === 'investment')?.value).toBe('12000.00');

    s.addTariff({ id: 2, installationId: 'site-1', validFrom: '2025-01-01', validTo: '2025-12-31', tariff: { kind: 'fixed', grossCentsPerKwh: '40' } });
    await s.render();
    expect(s.calls.energy).toBe(4);

    s.advance(24 * 3_600_000);
    const nextDay = await s.render();
    expect(s.calls.energy).toBe(5);
    expect(nextDay.to).toBe('2026-06-11');

    s.advance(VALUATION_TTL_MS - 1);
    await s.render();
    expect(s.calls.energy).toBe(5);
    s.advance(1);
    await s.render();
    expect(s.calls.energy).toBe(6);
  });
});
