import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to.ts';

describe('returnTo after login', () => {
  it.each([
    ['/home/app/profile', '/home/app/profile'],
    ['/home/app/help?question=projekt-verknuepfen#antwort', '/home/app/help?question=projekt-verknuepfen#antwort'],
    ['/onboarding/two-factor', '/onboarding/two-factor'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    '//evil.example/home',
    '/\\evil.example',
    'https://evil.example/home',
    'javascript:alert(1)',
    'home/app/profile',
    '/home\n/app',
    '/api/auth/logout',
    '',
    undefined,
    ['/home', '/x'],
  ])('falls back to the dashboard for %j', (input) => {
    expect(safeReturnTo(input)).toBe(DEFAULT_RETURN_TO);
  });
});
