import { describe, expect, it } from 'vitest';
import { FREE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN, codePointName, refusedCharacter } from './text.ts';

describe('free text', () => {
  it('takes ordinary Unicode text as typed: every script, arrows, ticks, ×, emoji with skin tones and joiners', () => {
    for (const text of ['Zähler → Keller ✓', '3 × 4 m', 'Danke 👍🏽', 'Familie 👨‍👩‍👧', 'Łukasz, Дмитрий, Γιώργος, Nguyễn', 'مرحبا', '你好', 'a\tb\nc\r\nd']) {
      expect(FREE_TEXT_PATTERN.test(text), text).toBe(true);
      expect(refusedCharacter(text, { multiline: true }), text).toBeNull();
    }
  });

  it('refuses only what is never text, and names it', () => {
    expect(refusedCharacter('abc\u0007', { multiline: true })).toBe('U+0007');
    expect(refusedCharacter('rechnung\u202Efdp.exe', { multiline: true })).toBe('U+202E');
    expect(refusedCharacter('privat\uE000', { multiline: true })).toBe('U+E000');
    expect(FREE_TEXT_PATTERN.test('abc\u0000')).toBe(false);
  });

  it('keeps a one-line field on one line', () => {
    expect(SINGLE_LINE_TEXT_PATTERN.test('Betreff ✓')).toBe(true);
    expect(SINGLE_LINE_TEXT_PATTERN.test('Zeile 1\nZeile 2')).toBe(false);
    expect(refusedCharacter('Zeile 1\nZeile 2', { multiline: false })).toBe('U+000A');
  });

  it('shows a visible character as itself', () => {
    expect(codePointName('😀')).toBe('😀');
    expect(codePointName('\u200B')).toBe('U+200B');
  });
});
