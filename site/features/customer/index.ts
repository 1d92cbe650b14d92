/** What the customer feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as CustomerDetails } from './CustomerDetails.astro';
