import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { CONFIG_SLICES } from './capabilities.ts';
import { composePortal } from './portal.ts';

it('refuses a configuration loaded without the capabilities’ own variables, before it opens any pool', () => {
  const compose = (slices: typeof CONFIG_SLICES) =>
    composePortal({ config: loadConfig({}, slices), databaseUrl: 'postgres://nobody@localhost:1/none', logger: createLogger('error'), pageHandler: () => undefined });
  expect(() => compose([])).toThrow(/configuration loaded without the variables of money, meterChange, account, funnel/);
  expect(() => compose(CONFIG_SLICES.slice(1))).toThrow(/without the variables of money: /);
});
