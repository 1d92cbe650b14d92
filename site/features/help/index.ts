/** What the help feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as BackLink } from './BackLink.astro';
export { default as ContentLayout } from './ContentLayout.astro';
export { default as GermanOnly } from './GermanOnly.astro';
export { default as RichText } from './RichText.astro';
export * from './contact.ts';
