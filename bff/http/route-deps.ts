import type { Services } from '../composition/services.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** What every router factory of the mount table (./mounts.ts) gets: the domain services, the configuration, the logger. */
export interface RouteDeps {
  services: Services;
  config: Config;
  logger: Logger;
}
