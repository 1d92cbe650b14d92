/** What the files feature offers other features (docs/architecture.md "Folders"): they import it only from here. */
export { default as FilesNav } from './FilesNav.astro';
