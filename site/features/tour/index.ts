/** What the tour feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as DashboardTour } from './DashboardTour.astro';
export { default as TourStyles } from './TourStyles.astro';
export * from './steps.ts';
