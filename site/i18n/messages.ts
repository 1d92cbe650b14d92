import type { Language } from '~/bff/contracts/auth.ts';

/** One messages file: where it lies, its language and its texts. */
export interface MessageFile {
  path: string;
  lang: Language;
  messages: Record<string, string>;
}

/**
 * Every `messages.{de,en}.json`: each feature folder's (area = the folder's name) and the shared home's. Vite bundles
 * them at build time; a new feature's files are found without an edit here (docs/architecture.md "Messages").
 */
const found = import.meta.glob<Record<string, string>>(['../features/*/messages.*.json', './shared/messages.*.json'], { eager: true, import: 'default' });

export const MESSAGE_FILES: readonly MessageFile[] = Object.entries(found).map(([path, messages]) => {
  const lang = /messages\.(\w+)\.json$/.exec(path)?.[1];
  if (lang !== 'de' && lang !== 'en') throw new Error(`messages file of an unknown language: ${path}`);
  return { path, lang, messages };
});

/** The area a file's keys must carry: the feature folder's name in camelCase (`meter-change` → `meterChange`); null for the shared home. */
export function areaOf(path: string): string | null {
  const folder = /features\/([^/]+)\/messages\.\w+\.json$/.exec(path)?.[1];
  return folder ? folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) : null;
}

/** All texts of one language, merged. */
export function messagesOf(lang: Language): Record<string, string> {
  return Object.assign({}, ...MESSAGE_FILES.filter((file) => file.lang === lang).map((file) => file.messages)) as Record<string, string>;
}
