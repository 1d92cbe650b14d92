/** What the journey feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as ContactPersonCard } from './ContactPersonCard.astro';
export { default as JourneySummary } from './JourneySummary.astro';
export { default as NextActions } from './NextActions.astro';
