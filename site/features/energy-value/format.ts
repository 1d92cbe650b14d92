import type { ExplanationInput } from '~/bff/contracts/energy-value.ts';
import { formatDay } from '~/site/lib/format.ts';

type Lang = 'de' | 'en';

/**
 * A decimal string in the page's language, from its digits (never through a binary float; docs/energy-value.md):
 * German "1.234,5678", English "1,234.5678". `fraction` pads to at least that many places.
 */
export function formatDecimal(value: string, lang: Lang, fraction = 0): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, minus, whole = '0', decimals = ''] = match;
  const digits = decimals.padEnd(fraction, '0');
  const [group, point] = lang === 'de' ? ['.', ','] : [',', '.'];
  const sign = minus && !/^0+$/.test(whole + digits) ? '−' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${digits ? `${point}${digits}` : ''}`;
}

/** Money: "1.234,56 €" / "€1,234.56" (more places where the core gives more, e.g. a daily average). */
export function formatEuro(value: string, lang: Lang): string {
  const text = formatDecimal(value, lang, 2);
  return lang === 'de' ? `${text} €` : text.startsWith('−') ? `−€${text.slice(1)}` : `€${text}`;
}

/** A value with its unit, as the "Wie berechnet?" table and the figures show it. */
export function formatValue(value: string, unit: ExplanationInput['unit'], lang: Lang): string {
  switch (unit) {
    case 'EUR':
      return formatEuro(value, lang);
    case 'EUR/year':
      return `${formatEuro(value, lang)}/a`;
    case 'date':
      return value ? formatDay(value, lang) : '–';
    case 'percent':
      return `${formatDecimal(value, lang)} %`;
    case 'EUR/MWh':
      return `${formatDecimal(value, lang)} €/MWh`;
    case 'days':
    case 'quarterHours':
    case 'months':
      return formatDecimal(value, lang);
    default:
      return `${formatDecimal(value, lang)} ${unit}`;
  }
}
