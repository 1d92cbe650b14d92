import { EnergyValuePeriodSchema, type EnergyValuePageRequest, type EnergyValuePeriod } from '~/bff/contracts/energy-value.ts';
import { ENERGY_VALUE_PAGE } from '~/bff/contracts/energy-value.ts';

/** The page's address: installation, period (default: the whole time), date and the Solarspitzen month. */
export function parseEnergyValueParams(params: URLSearchParams, today: string): EnergyValuePageRequest {
  const period = EnergyValuePeriodSchema.options.find((p) => p === params.get('period')) ?? 'total';
  const date = params.get('date') ?? '';
  const month = params.get('month') ?? '';
  return {
    installationId: params.get('installation') || null,
    period,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today,
    month: /^\d{4}-\d{2}$/.test(month) ? month : null,
  };
}

const shift = (date: string, period: EnergyValuePeriod, step: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  if (period === 'day') d.setUTCDate(d.getUTCDate() + step);
  else if (period === 'month') d.setUTCMonth(d.getUTCMonth() + step, 1);
  else d.setUTCFullYear(d.getUTCFullYear() + step, 0, 1);
  return d.toISOString().slice(0, 10);
};

/** The address of a period (and the neighbouring ones) for an installation. */
export function energyValueHref(installationId: string, period: EnergyValuePeriod, date: string, extra: Record<string, string> = {}): string {
  return `${ENERGY_VALUE_PAGE}?${new URLSearchParams({ installation: installationId, period, date, ...extra }).toString()}`;
}

/** The period before and after, or null at the ends of the data (before commissioning, after today). */
export function neighbours(period: EnergyValuePeriod, date: string, from: string, to: string, first: string, last: string) {
  if (period === 'total') return { previous: null, next: null };
  const previous = shift(date, period, -1);
  const next = shift(date, period, 1);
  return { previous: from > first ? previous : null, next: to < last ? next : null };
}
