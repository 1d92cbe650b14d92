import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { iotStandIn } from './stand-in.ts';

const config = loadConfig({ NODE_ENV: 'test' });

/** The tester page (`/iot/`): the fault controls as plain German forms (docs/monitoring.md, the tester's loop). */
describe('IoT cloud: the tester page', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const faults = async (siteId: string) => (await fetch(`${sandbox.url}/iot/_control/sites/${siteId}/faults`)).json();
  const submit = (action: string, fields: Record<string, string>) =>
    fetch(`${sandbox.url}${action}`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-iot-tester-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn], log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the installations with the last days\' sun and their forms', async () => {
    const page = await (await fetch(`${sandbox.url}/iot/`)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('SITE-7F3A2C');
    expect(page).toContain('genug Sonne');
    expect(page).toContain('action="/iot/tester/sites/SITE-7F3A2C/production"');
  });

  it('makes a day weak, stops the gateway, and clears both', async () => {
    const weak = await submit('/iot/tester/sites/SITE-7F3A2C/production', { day: '2026-06-18', percent: '40' });
    expect(weak.status).toBe(303);
    expect(await faults('SITE-7F3A2C')).toMatchObject({ production: [{ from: '2026-06-18', to: '2026-06-18', factor: 0.4 }], outage: null });

    expect((await submit('/iot/tester/sites/SITE-7F3A2C/outage', { hoursAgo: '8', backHoursAgo: '' })).status).toBe(303);
    expect(await faults('SITE-7F3A2C')).toMatchObject({ outage: { until: null, backfill: false, offline: true } });
    expect(await (await fetch(`${sandbox.url}/iot/`)).text()).toContain('gerade offline');

    expect((await submit('/iot/tester/sites/SITE-7F3A2C/clear', {})).status).toBe(303);
    expect(await faults('SITE-7F3A2C')).toMatchObject({ production: [], outage: null });
  });

  it('refuses a bad input with a message and changes nothing', async () => {
    const refused = await submit('/iot/tester/sites/SITE-7F3A2C/production', { day: '2026-02-30', percent: '140' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toContain('fehler=1');
    expect(await faults('SITE-7F3A2C')).toMatchObject({ production: [] });
  });
});
