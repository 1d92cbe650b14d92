import type { AnyCapability } from './capability.ts';
import { helpCapability } from './capabilities/help.ts';
import { journeyCapability } from './capabilities/journey.ts';
import { monitoringCapability } from './capabilities/monitoring.ts';
import { signingCapability } from './capabilities/signing.ts';

/**
 * Every capability of the portal, in dependency order, one line each (docs/architecture.md "Adding a capability"):
 * the mount table, page services, jobs, notification sources, account data and event dispatch are derived from it.
 */
export const CAPABILITIES: readonly AnyCapability[] = [
  helpCapability,
  monitoringCapability,
  signingCapability,
  journeyCapability,
];
