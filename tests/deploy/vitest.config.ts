import { defineConfig } from 'vitest/config';
import unitConfig from '../../vitest.config.ts';

// `npm run test:deploy` (docs/operations.md, "The deployment test"): the production images and docker-compose.yml,
// started for real. One file, one stack, steps in order; it talks to the stack's proxy only (tests/deploy/public-host.ts),
// so it needs neither the unit tests' database nor their loopback guard.
export default defineConfig({
  resolve: unitConfig.resolve,
  test: {
    include: ['tests/deploy/**/*.deploy.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 1_500_000,
    reporters: ['verbose'],
  },
});
