import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { COMPILED_BFF, linkImageLayout } from './builds.ts';
import { PORTAL_MEMORY_ENV, PORTAL_NODE_FLAGS, PROCESS_TABLE, type LaunchContext } from './process-table.ts';

const root = '/checkout';
const portalCommand = (env: Record<string, string>) => {
  const config = loadConfig(env);
  const context: LaunchContext = { config, root, env: { FORCE_COLOR: '0' }, databaseUrl: 'postgres://db/portal', cmsDatabaseUrl: 'postgres://db/strapi' };
  const entry = PROCESS_TABLE.find((candidate) => candidate.name === 'portal');
  if (!entry) throw new Error('no portal entry');
  return entry.command(context);
};

describe('the portal of npm start', () => {
  it('runs the compiled BFF as production does, with NODE_ENV=production and the local stack’s flag', () => {
    const command = portalCommand({});
    expect(command.args).toEqual(['--max-semi-space-size=16', '--import', `${root}/${COMPILED_BFF}/bff/observability/tracing.js`, `${root}/${COMPILED_BFF}/bff/server.js`]);
    expect(command.env).toMatchObject({ NODE_ENV: 'production', LOCAL_PRODUCTION_BUILD: 'true', DATABASE_URL: 'postgres://db/portal', MALLOC_ARENA_MAX: '1' });
    // What the portal then makes of its environment: production rendering, the local stack's development values.
    expect(loadConfig({ ...command.env } as Record<string, string>).isProduction).toBe(false);
  });

  it('PORTAL_BUILD=source runs the sources through tsx, without NODE_ENV=production', () => {
    const command = portalCommand({ PORTAL_BUILD: 'source' });
    expect(command.args).toEqual(['--import', 'tsx', '--import', `${root}/bff/observability/tracing.ts`, `${root}/bff/server.ts`]);
    expect(command.env.NODE_ENV).toBeUndefined();
  });
});

describe('the portal’s memory settings', () => {
  it('are the same in the image as on the local stack', () => {
    const dockerfile = readFileSync(path.join(import.meta.dirname, '../../bff/Dockerfile'), 'utf8');
    const env = Object.fromEntries([...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((line) => (line[1] ?? '').split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])));
    expect(env.NODE_OPTIONS).toBe(PORTAL_NODE_FLAGS.join(' '));
    for (const [name, value] of Object.entries(PORTAL_MEMORY_ENV)) expect(env[name]).toBe(value);
  });
});

describe('the compiled BFF’s surroundings', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('finds the built site and the PDF fonts beside it, as in the image', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'launcher-layout-'));
    for (const folder of ['dist/server', 'dist/client', 'bff/domain/pdf/fonts', `${COMPILED_BFF}/bff/domain/pdf`]) mkdirSync(path.join(dir, folder), { recursive: true });
    writeFileSync(path.join(dir, 'dist/server/entry.mjs'), '');
    linkImageLayout(dir);
    linkImageLayout(dir);
    expect(existsSync(path.join(dir, COMPILED_BFF, 'dist/server/entry.mjs'))).toBe(true);
    expect(existsSync(path.join(dir, COMPILED_BFF, 'dist/client'))).toBe(true);
    expect(readlinkSync(path.join(dir, COMPILED_BFF, 'bff/domain/pdf/fonts'))).toBe('../../../../../bff/domain/pdf/fonts');
  });
});
