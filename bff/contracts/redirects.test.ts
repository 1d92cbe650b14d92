import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './redirects.ts';

const FALLBACK = '/fallback';

describe('the one redirect rule: same-origin paths only', () => {
  it.each([
    ['/home/app/profile', '/home/app/profile'],
    ['/home/app/help?question=projekt-verknuepfen#antwort', '/home/app/help?question=projekt-verknuepfen#antwort'],
    ['/', '/'],
    ['/home/./app/../dashboard', '/home/dashboard'],
    ['/home/%C3%BCber', '/home/%C3%BCber'],
    ['/privacy-policy?lang=x&y=%2F%2Fevil.example', '/privacy-policy?lang=x&y=%2F%2Fevil.example'],
  ])('keeps %s as %s', (input, expected) => {
    expect(sameOriginPath(input, FALLBACK)).toBe(expected);
  });

  it.each([
    // scheme-relative and full URLs
    '//evil.example/x',
    '///evil.example/x',
    'https://evil.example/x',
    'http:evil.example',
    'HTTPS://evil.example',
    // dot segments that normalise to //host
    '/.//evil.example/x',
    '/./%2F/evil.example',
    '/a/..//evil.example/x',
    '/a/b/../..//evil.example',
    '/%2e/%2fevil.example',
    // backslashes (browsers read them as slashes)
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    // tabs, newlines and other control characters (URL parsers strip them)
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/home\u0000',
    // percent- and double-encoding of slashes and backslashes at the start
    '/%2F%2Fevil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    // schemes and relative forms
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    'home/app/profile',
    '',
    ' /home',
    // not strings, or too long
    undefined,
    null,
    42,
    ['/home', '/x'],
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (input) => {
    expect(sameOriginPath(input, FALLBACK)).toBe(FALLBACK);
  });

  it('never answers anything that a browser would resolve to another host', () => {
    const hostile = ['//x', '/.//x', '/\\x', '/\t/x', '/%2F/x', 'https://x', '/..//x', '/%2e%2e//x'];
    for (const input of hostile) {
      const out = sameOriginPath(input, FALLBACK);
      expect(new URL(out, 'https://portal.example').origin, input).toBe('https://portal.example');
    }
  });
});
