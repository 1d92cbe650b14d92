import { createInstance } from 'i18next';
import type { Language } from '~/bff/contracts/auth.ts';
import { messagesOf } from './messages.ts';
import { normalizeLanguage } from './language.ts';
import { interpolate, type IslandMessages } from './island.ts';
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
  return (key, values) => interpolated(lang, key, values) ?? (values ? t(key, values) : t(key));
}

/** What i18next reads from the values instead of interpolating them (plurals, context, defaults, other languages). */
const I18NEXT_OPTIONS = new Set(['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'replace', 'returnObjects', 'joinArrays', 'ordinal', 'postProcess', 'interpolation', 'skipInterpolation', 'keyPrefix', 'fallbackLng']);

/**
 * The text as i18next gives it, without i18next's lookup, for what the portal's messages are: flat keys, plain
 * `{{name}}` placeholders, string or number values (docs/performance.md: i18next's own lookup and interpolation were
 * a tenth of a page's render). Null where i18next must answer: an option among the values, or a key without a text.
 * `i18n.test.ts` holds every message of both languages to i18next's answer.
 */
function interpolated(lang: Language, key: MessageKey, values: TranslationValues | undefined): string | null {
  const text = resources[lang][NAMESPACE][key] ?? resources.de[NAMESPACE][key];
  if (!text) return null;
  if (values) for (const name in values) if (I18NEXT_OPTIONS.has(name)) return null;
  return interpolate(text, values);
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
