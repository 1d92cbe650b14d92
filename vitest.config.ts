import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code; end-to-end tests (Playwright) live in tests/e2e.
// Integration tests get a real PostgreSQL from tests/setup/postgres.ts (globalSetup); the run's own temp folder comes
// first (tests/setup/temp-dir.ts), so nothing a run writes to the temp directory outlives it.
/**
 * vitest runs without Astro's compiler, and no unit test renders an .astro component. A module a test imports may still
 * reach one through a feature's index.ts (docs/architecture.md "Folders"); there the component is a placeholder that
 * says so when called.
 */
const astroComponentsUnrendered = {
  name: 'astro-components-unrendered',
  enforce: 'pre' as const,
  load(id: string) {
    if (!id.split('?')[0]?.endsWith('.astro')) return null;
    return `export default function AstroComponent() { throw new Error(${JSON.stringify(`${id} is rendered by Astro only, not in vitest`)}); }`;
  },
};

export default defineConfig({
  plugins: [astroComponentsUnrendered],
  // `~/` is the repository's root, as in tsconfig.json's `paths` (docs/architecture.md "Folders").
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }] },
  test: {
    include: ['{bff,site,sandbox,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'cms/**'],
    globalSetup: ['tests/setup/temp-dir.ts', 'tests/setup/postgres.ts'],
    setupFiles: ['tests/setup/loopback-only.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
