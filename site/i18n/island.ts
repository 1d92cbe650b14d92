import type { MessageKey, TranslationValues } from './types.ts';

/**
 * Islands get the few strings they show as a serialisable prop instead of bundling i18next and both locale
 * files into the browser. The page picks them with `pickMessages(lang, keys)` (server side); the island
 * reads them with `translatorFor(messages)`, whose keys are limited to the picked ones by type.
 */
export type IslandMessages<K extends MessageKey = MessageKey> = Readonly<Record<K, string>>;

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

export function translatorFor<K extends MessageKey>(messages: IslandMessages<K>) {
  return (key: K, values?: TranslationValues): string =>
    messages[key].replace(placeholder, (match, name: string) => String(values?.[name] ?? match));
}
