import type { Installation, MonitoringOverview } from '../../../bff/contracts/monitoring.ts';
import type { PortalServices } from '../../../bff/contracts/session.ts';
import { berlinDate, calendarDateOf, type CalendarDate, type PeriodBounds } from './periods.ts';
import { parseMonitoringParams, type MonitoringUrlState } from './urlState.ts';

/** Codes the BFF's monitoring services reject with (bff/contracts/session.ts). */
const UPSTREAM_UNAVAILABLE = 'UPSTREAM.UNAVAILABLE';
const NOT_FOUND = 'NOT_FOUND';

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

export type MonitoringPage =
  /** The IoT cloud failed or timed out: the page answers 503 with a German message. */
  | { kind: 'unavailable' }
  /** None of the customer's projects has an installation yet. */
  | { kind: 'noInstallation' }
  | {
      kind: 'ready';
      installations: Installation[];
      installation: Installation;
      state: MonitoringUrlState & { installationId: string };
      bounds: PeriodBounds;
      /** The address asked for an installation the customer does not have; the first one is shown instead. */
      fellBack: boolean;
      /** Null while the installation is not commissioned: there is nothing to fetch yet. */
      overview: MonitoringOverview | null;
    };

function unavailable(error: unknown): MonitoringPage {
  if (codeOf(error) !== UPSTREAM_UNAVAILABLE) console.error('[monitoring] loading the monitoring page failed', error);
  return { kind: 'unavailable' };
}

/**
 * All data of one monitoring page render, in-process from the BFF (ARCHITECTURE.md: no page fetches its own server).
 * Never throws: a failing IoT cloud (or anything unexpected) becomes the "not available right now" page.
 */
export async function loadMonitoringPage(
  services: Pick<PortalServices, 'monitoring'> | undefined,
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<MonitoringPage> {
  const today: CalendarDate = berlinDate(now);
  const url = parseMonitoringParams(params, today);
  if (!services) return unavailable(new Error('Astro.locals.services is missing (page rendered without the BFF)'));
  const { monitoring } = services;
  let installations: Installation[];
  try {
    installations = await monitoring.installations();
  } catch (error) {
    return unavailable(error);
  }
  const first = installations[0];
  if (!first) return { kind: 'noInstallation' };

  const requested = url.installationId === null ? first : installations.find((i) => i.id === url.installationId);
  const candidates = requested && requested !== first ? [requested, first] : [first];
  for (const candidate of candidates) {
    try {
      const overview =
        candidate.commissionedAt === null
          ? null
          : await monitoring.overview(candidate.id, { period: url.period, date: url.date });
      const installation = overview?.installation ?? candidate;
      return {
        kind: 'ready',
        installations,
        installation,
        state: { ...url, installationId: installation.id },
        bounds: { first: installation.commissionedAt ? calendarDateOf(installation.commissionedAt) : null, today },
        fellBack: url.installationId !== null && installation.id !== url.installationId,
        overview,
      };
    } catch (error) {
      // NOT_FOUND for a foreign or unknown id: fall back to the first installation (once).
      if (codeOf(error) !== NOT_FOUND) return unavailable(error);
    }
  }
  return { kind: 'noInstallation' };
}

/** Whether the period holds any measured energy or power at all (a future day or a day before commissioning does not). */
export function hasData(overview: MonitoringOverview): boolean {
  const { totals } = overview.work;
  const energy = [totals.pvWh, totals.consumptionWh, totals.importWh, totals.exportWh, totals.chargeWh, totals.dischargeWh];
  const power = overview.power?.points ?? [];
  return energy.some((wh) => wh !== 0) || power.some((p) => p.pvW !== 0 || p.consumptionW !== 0 || p.gridW !== 0 || p.batteryW !== 0);
}
