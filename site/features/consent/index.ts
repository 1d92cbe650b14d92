/** What the consent feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as ProjectMap } from './ProjectMap.astro';
export { default as ReviewsWidget } from './ReviewsWidget.astro';
