import type messages from './messages.de.json';

// This feature's message keys join MessageKey (site/i18n/types.ts; docs/architecture.md "Messages").
declare module '../../i18n/types.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageCatalog extends Record<keyof typeof messages, string> {}
}
