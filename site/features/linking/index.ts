/** What the linking feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export * from './LinkProject.tsx';
export { default as LinkProjectButton } from './LinkProjectButton.astro';
