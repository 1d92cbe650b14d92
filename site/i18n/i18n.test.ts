import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { getT, NAMESPACE, pickMessages, resources, type MessageKey } from './index.ts';
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

describe('the pages’ translator answers as i18next does', () => {
  // The translator fills the portal's messages itself (index.ts); i18next with the same settings is the reference.
  const reference = (lang: 'de' | 'en') => {
    const instance = createInstance();
    void instance.init({ lng: lang, fallbackLng: 'de', ns: [NAMESPACE], defaultNS: NAMESPACE, resources, initAsync: false, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false } });
    return instance.getFixedT(lang, NAMESPACE);
  };

  it('for every message of both languages, with and without values, and with values that look like markup or patterns', () => {
    for (const lang of ['de', 'en'] as const) {
      const i18next = reference(lang);
      const t = getT(lang);
      for (const key of Object.keys(resources.de[NAMESPACE]) as MessageKey[]) {
        const names = [...(resources[lang][NAMESPACE][key] ?? resources.de[NAMESPACE][key]).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string);
        expect(t(key), `${lang} ${key}`).toBe(i18next(key));
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 1234.5 : `Müller & Söhne $& {{x}} <b>`]));
        expect(t(key, values), `${lang} ${key} with values`).toBe(i18next(key, values));
        // A placeholder without its value stays as it is, as in i18next.
        if (names.length > 0) expect(t(key, {}), `${lang} ${key} without values`).toBe(i18next(key, {}));
      }
    }
  });

  it('leaves plurals, context and defaults to i18next', () => {
    const t = getT('de');
    expect(t('nav.dashboard', { count: 2 })).toBe(reference('de')('nav.dashboard', { count: 2 }));
    expect(t('does.not.exist' as MessageKey)).toBe('does.not.exist');
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
