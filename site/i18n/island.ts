import type { MessageKey, TranslationValues } from './types.ts';

/**
 * Islands get the few strings they show as a serialisable prop instead of bundling i18next and both locale
 * files into the browser. The page picks them with `pickMessages(lang, keys)` (server side); the island
 * reads them with `translatorFor(messages)`, whose keys are limited to the picked ones by type.
 */
export type IslandMessages<K extends MessageKey = MessageKey> = Readonly<Record<K, string>>;

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A message's `{{name}}` placeholders filled as i18next fills them for the portal's messages (no escaping; a
 * placeholder without a value stays as it is). The pages' translator uses it too (index.ts).
 */
export const interpolate = (text: string, values?: TranslationValues): string =>
  values ? text.replace(placeholder, (match, name: string) => String(values[name] ?? match)) : text;

export function translatorFor<K extends MessageKey>(messages: IslandMessages<K>) {
  return (key: K, values?: TranslationValues): string => interpolate(messages[key], values);
}
