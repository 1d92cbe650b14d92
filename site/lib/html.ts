const SPECIAL = /[&<>"']/;

/**
 * Escapes text for HTML element content and double-quoted attribute values. Only for markup a page builds as one
 * string for speed (docs/performance.md "Rows written as one string"); everything else goes through Astro's escaping.
 * Text without a special character (a formatted number, a time) is returned as it is.
 */
export function escapeHtml(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
