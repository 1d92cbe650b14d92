import type { CapabilityServices } from '../composition/capability-services.ts';
import type { Config } from '../config.ts';
import type { RouteTable } from '../contracts/routes.ts';
import type { Logger } from '../logger.ts';

/**
 * The domain services routers see: every capability's (bff/composition/capabilities/) and the shared ones that
 * bff/composition/services.ts adds (the kernel's, the job runner) by interface merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services extends CapabilityServices {}

/**
 * What every router factory of the mount table (./mounts.ts) gets: the domain services, the configuration, the logger
 * and the route table (derived from the capability list).
 */
export interface RouteDeps {
  services: Services;
  config: Config;
  logger: Logger;
  routes: RouteTable;
}
