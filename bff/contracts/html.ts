const SPECIAL = /[&<>"']/;

/**
 * Escapes text for HTML element content and double-quoted attribute values: the one escaper of markup the portal
 * writes as a string, the mails (`bff/domain/mail/mail-layout.ts`) and the rows a page writes as one string for speed
 * (docs/performance.md "Rows written as one string"); everything else on a page goes through Astro's escaping.
 * Text without a special character (a formatted number, a time) is returned as it is.
 */
export function escapeHtml(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
