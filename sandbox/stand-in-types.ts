import type express from 'express';
import type { Config } from '../bff/config.ts';

/** What every stand-in gets when the sandbox starts. */
export interface StandInContext {
  config: Config;
  /** The OIDC issuer actually served (follows the real HTTP port unless OIDC_ISSUER is set). */
  issuer: string;
  /** `http://localhost:<port>` of the sandbox's HTTP server. */
  url: string;
  /** Where stand-ins keep their state (JSON files, keys). */
  dataDir: string;
  log: (line: string) => void;
  /** A port a test asked for by name (e.g. `smtp: 0` for an OS-chosen one); undefined = the configured one. */
  port(name: string): number | undefined;
  /** The port a stand-in started earlier really listens on (e.g. `smtp`, for stand-ins that send mail themselves). */
  listening(name: string): number | undefined;
}

/** A started stand-in: its HTTP routes, any other listener it opened, and how to stop it. */
export interface RunningStandIn {
  /** Where `router` is mounted on the sandbox's HTTP server, e.g. `/management`. */
  mountPath: string;
  router: express.Router;
  /** Other ports it listens on, by name (e.g. `smtp`). */
  ports?: Record<string, number>;
  /** One short phrase for the start-up line, e.g. `Postfach http://localhost:4010/mailbox`. */
  summary?: string;
  /** Stops listeners and writes pending state; called once, in reverse start order. */
  close?(): Promise<void>;
}

/** One entry of the registry in sandbox/stand-ins.ts. */
export interface StandIn {
  name: string;
  start(context: StandInContext): Promise<RunningStandIn>;
}
