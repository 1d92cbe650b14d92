import { describe, expect, it } from 'vitest';
import { getT, pickMessages } from './index.ts';
import { translatorFor } from './island.ts';

describe('getT', () => {
  it('translates to German by default and for unknown languages', () => {
    expect(getT('de')('nav.dashboard')).toBe('Übersicht');
    expect(getT(undefined)('nav.dashboard')).toBe('Übersicht');
    expect(getT('fr')('nav.dashboard')).toBe('Übersicht');
  });

  it('translates to English for en', () => {
    expect(getT('en')('nav.dashboard')).toBe('Overview');
  });

  it('interpolates without HTML-escaping, because Astro and React escape on output', () => {
    expect(getT('de')('dashboard.greeting', { firstName: 'Anna & Ben' })).toBe('Hallo Anna & Ben!');
  });
});

describe('island messages', () => {
  it('hands an island only the picked strings of its language', () => {
    expect(pickMessages('en', ['logout.button'])).toEqual({ 'logout.button': 'Sign out' });
  });

  it('interpolates like i18next', () => {
    const t = translatorFor(pickMessages('de', ['nav.signedInAs']));
    expect(t('nav.signedInAs', { name: 'Anna Muster' })).toBe('Angemeldet als Anna Muster');
  });
});
