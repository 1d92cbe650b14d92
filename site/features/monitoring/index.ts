/** What the monitoring feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as TodayCard } from './TodayCard.astro';
