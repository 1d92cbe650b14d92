/**
 * Which characters a free-text field takes (docs/security.md "Free text"). The rule: ordinary Unicode text is taken
 * as typed, in every script, with emoji, arrows, ticks and other symbols ("→", "✓", "×", "👍"); nothing is removed
 * silently. Refused are only characters that are never text a person means and can do harm on the way: control
 * characters (tab and line breaks aside), the bidirectional overrides that make text read differently from what it
 * is, private-use, unassigned and surrogate code points. Where a vendor really cannot take a character (bank data:
 * SEPA's Latin character set, ./sepa-text.ts), the field names the character and shows what will be sent.
 */
const NOT_TEXT = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const LINE_BREAK = /^[\t\n\r]$/;

/** Several lines (messages, notes, comments): tab and line breaks allowed. */
export const FREE_TEXT_PATTERN = /^(?:[\t\n\r]|[^\p{Cc}\p{Co}\p{Cn}\p{Cs}\u202A-\u202E\u2066-\u2069])*$/u;
/** One line (a subject, a name): no line breaks. */
export const SINGLE_LINE_TEXT_PATTERN = /^[^\p{Cc}\p{Co}\p{Cn}\p{Cs}\u202A-\u202E\u2066-\u2069]*$/u;

/**
 * The first character a field refuses, as the customer can read it: the character itself, or its code point
 * ("U+202E") when it has no visible form. Null when every character is taken.
 */
export function refusedCharacter(text: string, options: { multiline: boolean }): string | null {
  for (const char of text) {
    if (options.multiline && LINE_BREAK.test(char)) continue;
    if (NOT_TEXT.test(char)) return codePointName(char);
  }
  return null;
}

/** "U+202E" for a character that shows nothing (controls, formatting, unassigned); the character otherwise. */
export function codePointName(char: string): string {
  const visible = !/[\p{C}\p{Z}]/u.test(char);
  return visible ? char : `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
