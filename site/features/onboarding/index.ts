/** What the onboarding feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as BaseDataForm } from './BaseDataForm.astro';
