import type shared from './shared/messages.de.json';

/**
 * Every message key: the shared ones (layout, components, forms, pages of no feature) plus each feature's, which
 * its own `messages.ts` adds by interface merging, so no central list names them (docs/architecture.md "Messages").
 * The German files are the complete ones; the key test holds English to them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MessageCatalog extends Record<keyof typeof shared, string> {}

export type MessageKey = keyof MessageCatalog & string;
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: TranslationValues) => string;
