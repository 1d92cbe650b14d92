/** What the newsletter feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as NewsletterBanner } from './NewsletterBanner.astro';
