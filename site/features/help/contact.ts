/**
 * A `tel:` link for a phone number as editors write it ("0341 123 456-0", "+49 (0)341 123456"): digits and a leading
 * plus only, the "(0)" of the national prefix dropped after a country code. Null when too few digits remain to be a
 * number, so the text is shown without a link.
 */
export function telHref(phone: string): string | null {
  const withoutTrunk = phone.replace(/^(\s*\+\d{1,3})\s*\(0\)/, '$1');
  const plus = withoutTrunk.trim().startsWith('+') || withoutTrunk.trim().startsWith('00');
  const digits = withoutTrunk.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length < 5) return null;
  return `tel:${plus ? '+' : ''}${digits}`;
}
