import { Decimal } from 'decimal.js';
import { DECIMAL_AMOUNT_PATTERN } from '../../contracts/money.ts';

/**
 * Money arithmetic (docs/money.md "Amounts": decimal arithmetic, precision 20, rounding mode 4). Rounding mode 4 is
 * ROUND_HALF_UP: to the nearest cent, a half cent away from zero. Amounts come and go as decimal strings; a JavaScript
 * number never holds money (0.1 + 0.2 is not 0.3 in binary floating point).
 */
export const Money = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

/** A decimal string of the vendor, or throws: binary floats, exponents and separators are refused. */
export function parseAmount(value: string): MoneyValue {
  if (!DECIMAL_AMOUNT_PATTERN.test(value)) throw new Error('not a decimal amount');
  return new Money(value);
}

/** Rounded to cents (half up), as a string with two decimals: "312.46", "-89.90", "0.00". */
export function toCents(amount: MoneyValue): string {
  const rounded = amount.toDecimalPlaces(2, Money.ROUND_HALF_UP);
  return rounded.isZero() ? '0.00' : rounded.toFixed(2);
}

export const sumAmounts = (amounts: readonly string[]): string => toCents(amounts.reduce((sum, a) => sum.plus(parseAmount(a)), new Money(0)));

/** The payout's direction: a positive amount is paid to the customer, a negative one is owed by them. */
export const payoutOf = (amount: MoneyValue): 'POSITIVE' | 'NEGATIVE' => (amount.isNegative() ? 'NEGATIVE' : 'POSITIVE');

/**
 * For documents, mails and notifications: German "1.234,56 €" (English "€1,234.56"); the absolute value when asked
 * (what is owed, not "−89,90 €"). Formatted from the decimal's digits, never through a binary float.
 */
export function formatEuro(amount: string | MoneyValue, options: { absolute?: boolean; lang?: 'de' | 'en' } = {}): string {
  const value = typeof amount === 'string' ? parseAmount(amount) : amount;
  const cents = toCents(options.absolute ? value.abs() : value);
  const [whole, fraction] = cents.replace('-', '').split('.') as [string, string];
  const sign = cents.startsWith('-') ? '−' : '';
  if (options.lang === 'en') return `${sign}€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction} €`;
}
