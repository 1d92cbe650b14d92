import path from 'node:path';
import type { Config } from '~/bff/config.ts';
import { COMPILED_BFF } from './builds.ts';
import { NGINX, instancePorts, writeNginxConfig } from './proxy.ts';

/** What the launcher knows when it starts the long-running processes. */
export interface LaunchContext {
  config: Config;
  root: string;
  /** The launcher's environment (colours off). */
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  cmsDatabaseUrl: string;
}

/** One long-running process of `npm start`. */
export interface ProcessEntry {
  /** Also its log prefix and its key in `<DATA_DIR>/processes.json`. */
  name: string;
  /** A stopped essential process stops everything; a non-essential one may go away (the portal copes). */
  essential: boolean;
  /** Whether it runs with this configuration (default: always). */
  enabled?(config: Config): boolean;
  /** Arguments to Node (the project's Node 24 runs every process), or to `bin` (the reverse proxy). */
  command(context: LaunchContext): { bin?: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv };
  /** Polled until it answers 2xx; `npm start` reports ready when every process does. */
  ready: { url(config: Config): string; timeoutMs: number };
  /** Logged when a non-essential process ends. */
  exitNote?: string;
}

const tsx = (context: LaunchContext, file: string, preload: string[] = []) => ({
  args: ['--import', 'tsx', ...preload.flatMap((module) => ['--import', path.join(context.root, module)]), path.join(context.root, file)],
  cwd: context.root,
  env: { ...context.env, DATABASE_URL: context.databaseUrl },
});

/**
 * The portal with its tracing preload (does nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set; docs/observability.md).
 * By default as production runs it (docs/operations.md "The local stack"): the compiled BFF with NODE_ENV=production,
 * so React and Astro render with their production builds; LOCAL_PRODUCTION_BUILD keeps the development values the
 * local stack runs on. PORTAL_BUILD=source: the sources through tsx, NODE_ENV as given (React's development build).
 * PORTAL_CPU_PROF=<dir>: the portal writes a V8 CPU profile there when it stops (docs/performance.md "Profiling").
 */
/**
 * The portal's memory settings, the same in the image (bff/Dockerfile, NODE_OPTIONS and MALLOC_ARENA_MAX): V8's young
 * generation at most 16 MB per semi-space (it grew to 64 MB under load, 96 MB more resident memory for garbage), and
 * one malloc arena shared by every thread (with one per thread, or two, freed native memory stayed resident and crept
 * up in a soak; docs/performance.md "Memory").
 */
export const PORTAL_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
export const PORTAL_MEMORY_ENV = { MALLOC_ARENA_MAX: '1' } as const;

const portal = (context: LaunchContext) => {
  if (context.config.PORTAL_BUILD === 'source') return tsx(context, 'bff/server.ts', ['bff/observability/tracing.ts']);
  const compiled = (file: string) => path.join(context.root, COMPILED_BFF, file);
  return {
    args: [
      ...PORTAL_NODE_FLAGS,
      ...(process.env.PORTAL_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PORTAL_CPU_PROF}`] : []),
      '--import',
      compiled('bff/observability/tracing.js'),
      compiled('bff/server.js'),
    ],
    cwd: context.root,
    env: { ...context.env, ...PORTAL_MEMORY_ENV, DATABASE_URL: context.databaseUrl, NODE_ENV: 'production', LOCAL_PRODUCTION_BUILD: 'true' },
  };
};

/**
 * The processes `npm start` runs side by side, in start order (they are stopped in reverse). A new process, e.g. a job
 * worker, is one entry here.
 */
export const PROCESS_TABLE: readonly ProcessEntry[] = [
  {
    name: 'sandbox',
    essential: true,
    command: (context) => tsx(context, 'sandbox/server.ts'),
    ready: { url: (config) => `${config.sandboxUrl}/healthz`, timeoutMs: 60_000 },
  },
  {
    name: 'cms',
    essential: false,
    enabled: (config) => config.START_CMS,
    command: ({ config, root, env, cmsDatabaseUrl }) => {
      const cmsDir = path.join(root, 'cms');
      return {
        args: [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'],
        cwd: cmsDir,
        env: {
          ...env,
          NODE_ENV: config.NODE_ENV === 'production' ? 'production' : 'development',
          CMS_DATABASE_URL: cmsDatabaseUrl,
          CMS_WEBHOOK_URL: `${config.publicUrl}/api/cms/webhook`,
          CMS_WEBHOOK_SECRET: config.CMS_WEBHOOK_SECRET,
          STRAPI_TELEMETRY_DISABLED: 'true',
          // A new CMS database starts with German as its first (default) language; cms/src/bootstrap/locales.ts.
          STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE: 'de',
          BROWSER: 'none',
        },
      };
    },
    ready: { url: (config) => `${config.strapiUrl}/_health`, timeoutMs: 180_000 },
    exitNote: 'das Portal zeigt Hilfe-Inhalte aus seinem Cache.',
  },
  {
    name: 'portal',
    essential: true,
    enabled: (config) => config.PORTAL_INSTANCES === 1,
    command: portal,
    ready: { url: (config) => `http://localhost:${config.PORT}/readyz`, timeoutMs: 60_000 },
  },
  // Two instances behind nginx (PORTAL_INSTANCES=2, docs/two-instances.md): one may stop, the proxy serves on.
  ...(['a', 'b'] as const).map(
    (name, index): ProcessEntry => ({
      name: `portal-${name}`,
      essential: false,
      enabled: (config) => config.PORTAL_INSTANCES === 2,
      command: (context) => {
        const base = portal(context);
        const port = instancePorts(context.config.PORT)[index];
        return {
          ...base,
          env: {
            ...base.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: context.config.publicUrl,
            TRUST_PROXY: 'true',
            INSTANCE_NAME: `portal-${name}`,
            // Each instance its own metrics port: METRICS_PORT and the one after it.
            ...(context.config.METRICS_PORT ? { METRICS_PORT: String(context.config.METRICS_PORT + index) } : {}),
          },
        };
      },
      ready: { url: (config) => `http://127.0.0.1:${instancePorts(config.PORT)[index]}/readyz`, timeoutMs: 60_000 },
      exitNote: 'der Proxy schickt alle Anfragen an die andere Instanz.',
    }),
  ),
  {
    name: 'proxy',
    essential: true,
    enabled: (config) => config.PORTAL_INSTANCES === 2,
    command: (context) => ({
      bin: NGINX,
      args: ['-c', writeNginxConfig(path.resolve(context.root, context.config.DATA_DIR), context.config.PORT)],
      cwd: context.root,
      env: context.env,
    }),
    ready: { url: (config) => `http://localhost:${config.PORT}/readyz`, timeoutMs: 30_000 },
  },
];
