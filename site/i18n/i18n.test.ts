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
    expect(pickMessages('en', ['session.logoutButton'])).toEqual({ 'session.logoutButton': 'Sign out' });
  });

  it('interpolates like i18next', () => {
    const t = translatorFor(pickMessages('de', ['nav.signedInAs']));
    expect(t('nav.signedInAs', { name: 'Anna Muster' })).toBe('Angemeldet als Anna Muster');
  });
});

describe('the language switch', () => {
  it('keeps the page and its parameters (e.g. the monitoring period)', async () => {
    const { languageSwitchHref } = await import('./language.ts');
    expect(languageSwitchHref(new URL('http://x/home/app/monitoring?installation=SITE-1&period=week&date=2026-07-01'), 'en')).toBe(
      '/home/app/monitoring?installation=SITE-1&period=week&date=2026-07-01&lang=en',
    );
    expect(languageSwitchHref(new URL('http://x/home/app/help?lang=en&q=Speicher'), 'de')).toBe('/home/app/help?q=Speicher&lang=de');
    expect(languageSwitchHref(new URL('http://x/privacy-policy'), 'en')).toBe('/privacy-policy?lang=en');
  });
});
