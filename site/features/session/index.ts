/** What the session feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as LogoutForm } from './LogoutForm.astro';
