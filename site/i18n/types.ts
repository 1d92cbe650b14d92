import type de from './locales/de/common.json';

/** Every key of the German file, which is the complete one (docs/architecture.md, Conventions). */
export type MessageKey = keyof typeof de;
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: TranslationValues) => string;
