import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

describe('sandbox conversion tracking', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const config = loadConfig({ NODE_ENV: 'test' });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-conversions-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const report = (body: unknown, key = config.CONVERSIONS_API_KEY) =>
    fetch(`${sandbox.url}/conversions/api/v1/conversions`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const conversion = { conversionId: 'lead-1', name: 'lead', occurredAt: new Date().toISOString(), clickId: 'Cj0KCQiA-abc', clickIdType: 'gclid', campaign: 'gads-cmp-1' };

  it('takes a conversion with the API key only, counts a conversion id once and refuses unknown fields', async () => {
    expect((await report(conversion, 'wrong-key-0000000000')).status).toBe(401);
    expect(await (await report(conversion)).json()).toEqual({ status: 'accepted', conversionId: 'lead-1' });
    expect(await (await report(conversion)).json()).toEqual({ status: 'duplicate', conversionId: 'lead-1' });
    expect((await report({ ...conversion, email: 'lena@example.de' })).status).toBe(400);
    const { conversions } = (await (await fetch(`${sandbox.url}/conversions/_control/conversions`)).json()) as { conversions: { duplicate: boolean }[] };
    expect(conversions.map((c) => c.duplicate)).toEqual([false, true]);
    const page = await (await fetch(`${sandbox.url}/conversions/`)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('doppelt (nicht gezählt)');
  });
});
