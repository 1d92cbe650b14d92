import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes each of the five special characters, wherever it stands', () => {
    expect(escapeHtml('&')).toBe('&amp;');
    expect(escapeHtml('a<b>c')).toBe('a&lt;b&gt;c');
    expect(escapeHtml('"x"')).toBe('&quot;x&quot;');
    expect(escapeHtml("it's")).toBe('it&#39;s');
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('returns text without one unchanged', () => {
    expect(escapeHtml('1.234,5')).toBe('1.234,5');
    expect(escapeHtml('')).toBe('');
  });
});
