/** What the messages feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export * from './labels.ts';
