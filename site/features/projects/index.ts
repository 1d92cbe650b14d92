/** What the projects feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as NoProjectCard } from './NoProjectCard.astro';
export { default as ProjectCard } from './ProjectCard.astro';
export * from './api.ts';
export * from './labels.ts';
