/** What the notifications feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as OpenNotificationForm } from './OpenNotificationForm.astro';
