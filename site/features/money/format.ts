/**
 * Amounts arrive as decimal strings with two places ("312.46", "-89.90"); they are shown from their digits, never
 * through a binary float (spec section 9). German "1.234,56 €", English "€1,234.56".
 */
export function formatAmount(amount: string, lang: 'de' | 'en', options: { absolute?: boolean } = {}): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = fraction.padEnd(2, '0');
  const sign = minus && !options.absolute && !/^0+$/.test(whole + cents) ? '−' : '';
  if (lang === 'en') return `${sign}€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
}

/** A day (`YYYY-MM-DD`) in the page's language, without time zone shifts. */
export function formatDay(day: string, lang: 'de' | 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match;
  return lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** An IBAN in groups of four, as printed on bank cards and invoices. */
export const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
