/** What the meter-change feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as MeterChangeEntry } from './MeterChangeEntry.astro';
