import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:interaction`: an island's code (and React) loads when the customer reaches the island, not after the page
 * loaded (docs/architecture.md, "JavaScript only where a page is interactive"). The runtime is
 * `site/lib/client-interaction.ts`; Astro inlines it into the pages that use it.
 */
export function interactionDirectiveIntegration(): AstroIntegration {
  return {
    name: 'kundenportal:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // A path, not a file: URL: Astro bundles the entrypoint with esbuild, which does not resolve file: URLs.
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('../lib/client-interaction.ts', import.meta.url)) });
      },
    },
  };
}
