import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code; end-to-end tests (Playwright) live in tests/e2e.
// Integration tests get a real PostgreSQL from tests/setup/postgres.ts (globalSetup); the run's own temp folder comes
// first (tests/setup/temp-dir.ts), so nothing a run writes to the temp directory outlives it.
export default defineConfig({
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
