import { createInstance } from 'i18next';
import type { Language } from '~/bff/contracts/auth.ts';
import { messagesOf } from './messages.ts';
import { normalizeLanguage } from './language.ts';
import type { IslandMessages } from './island.ts';
import type { MessageKey, Translate, TranslationValues } from './types.ts';

export { normalizeLanguage };
export type { MessageKey, Translate, TranslationValues };

/** One namespace `common`, merged from the feature folders' messages files (messages.ts; docs/architecture.md "Messages"). */
export const NAMESPACE = 'common';

/** Typed by MessageKey; that each key has a text in both languages, the key test checks per feature (keys.test.ts). */
export const resources = {
  de: { [NAMESPACE]: messagesOf('de') as Record<MessageKey, string> },
  en: { [NAMESPACE]: messagesOf('en') as Record<MessageKey, string> },
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
