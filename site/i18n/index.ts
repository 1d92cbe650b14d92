import { createInstance } from 'i18next';
import type { Language } from '../../bff/contracts/auth.ts';
import de from './locales/de/common.json';
import en from './locales/en/common.json';
import { normalizeLanguage } from './language.ts';
import type { IslandMessages } from './island.ts';
import type { MessageKey, Translate, TranslationValues } from './types.ts';

export { normalizeLanguage };
export type { MessageKey, Translate, TranslationValues };

/** Locale files are `{lng}/{ns}.json` with the single namespace `common` (spec section 7). */
export const NAMESPACE = 'common';

/** `satisfies` makes the compiler refuse an English file that lacks a German key. */
export const resources = {
  de: { [NAMESPACE]: de },
  en: { [NAMESPACE]: en },
} satisfies Record<Language, Record<typeof NAMESPACE, Record<MessageKey, string>>>;

function createTranslator(lang: Language): Translate {
  const instance = createInstance();
  // With initAsync false and bundled resources, init finishes synchronously: no await in page frontmatter.
  void instance.init({
    lng: lang,
    fallbackLng: 'de',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources,
    initAsync: false,
    // Keys are flat `area.element` (docs/architecture.md, Conventions); the default '.' separator would look for nested objects.
    keySeparator: false,
    nsSeparator: false,
    // Astro and React escape on output; escaping here too would show `&amp;` in names like "Müller & Söhne".
    interpolation: { escapeValue: false },
  });
  const t = instance.getFixedT(lang, NAMESPACE);
  return (key, values) => (values ? t(key, values) : t(key));
}

const translators = new Map<Language, Translate>();

/** Translator for .astro pages; `lang` is `Astro.locals.lang` (anything but 'en' falls back to German). */
export function getT(lang: unknown): Translate {
  const language = normalizeLanguage(lang);
  let t = translators.get(language);
  if (!t) {
    t = createTranslator(language);
    translators.set(language, t);
  }
  return t;
}

/** The raw strings an island needs, for its `messages` prop (see island.ts). */
export function pickMessages<K extends MessageKey>(lang: unknown, keys: readonly K[]): IslandMessages<K> {
  const messages = resources[normalizeLanguage(lang)][NAMESPACE];
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Record<K, string>;
}
