import { configSlicesOf, jobsOf, routeTableOf, type AnyCapability } from './capability.ts';
import { helpCapability } from './capabilities/help.ts';
import { accountCapability } from './capabilities/account.ts';
import { authCapability } from './capabilities/auth.ts';
import { consentCapability } from './capabilities/consent.ts';
import { documentsCapability } from './capabilities/documents.ts';
import { energyValueCapability } from './capabilities/energy-value.ts';
import { exportsCapability } from './capabilities/exports.ts';
import { funnelCapability } from './capabilities/funnel.ts';
import { invitationsCapability } from './capabilities/invitations.ts';
import { journeyCapability } from './capabilities/journey.ts';
import { linkingCapability } from './capabilities/linking.ts';
import { messagesCapability } from './capabilities/messages.ts';
import { meterChangeCapability } from './capabilities/meter-change.ts';
import { moneyCapability } from './capabilities/money.ts';
import { monitoringCapability } from './capabilities/monitoring.ts';
import { platformCapability } from './capabilities/platform.ts';
import { signingCapability } from './capabilities/signing.ts';
import { surveysCapability } from './capabilities/surveys.ts';
import { yieldCapability } from './capabilities/yield.ts';

/**
 * Every capability of the portal, in dependency order, one line each (docs/architecture.md "Adding a capability"):
 * the mount table, route table, page services, jobs, notification sources, account data and event dispatch are derived
 * from it.
 */
export const CAPABILITIES: readonly AnyCapability[] = [
  helpCapability,
  monitoringCapability,
  energyValueCapability,
  yieldCapability,
  signingCapability,
  journeyCapability,
  messagesCapability,
  moneyCapability,
  documentsCapability,
  exportsCapability,
  meterChangeCapability,
  linkingCapability,
  consentCapability,
  invitationsCapability,
  surveysCapability,
  accountCapability,
  funnelCapability,
  authCapability,
  platformCapability,
];

/** Every registered job's spec (name, description, schedule) in list order, known without building anything (docs/jobs.md). */
export const JOBS = jobsOf(CAPABILITIES).map((declared) => declared.spec);

/**
 * The portal's route table (docs/architecture.md "The route table"), known without building anything: what the tests
 * sweep and check (the running portal derives the same from its list, plus a test's extra capabilities).
 */
export const ROUTE_TABLE = routeTableOf(CAPABILITIES);

/** Every capability's own variables (docs/architecture.md "Configuration slices"): `loadConfig(env, CONFIG_SLICES)`. */
export const CONFIG_SLICES = configSlicesOf(CAPABILITIES);
