import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { IotCloud } from '../ports/iot-cloud.ts';
import { iotStandIn } from '../../sandbox/iot/stand-in.ts';
import { startSandbox, type SandboxHandle } from '../../sandbox/server.ts';
import { createHttpIotCloud } from './iot-cloud.http.ts';

/**
 * The adapter against the IoT stand-in (the vendor API as the sandbox serves it): what the cloud reports about a
 * wallbox reaches the port, and sites without one carry no wallbox fields at all.
 */
const config = loadConfig({ NODE_ENV: 'test' });
let dataDir: string;
let sandbox: SandboxHandle;
let iot: IotCloud;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'iot-adapter-'));
  sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn], log: () => {} });
  // A fixed clock: 2026 is complete, so the answers do not depend on the day the test runs.
  await fetch(`${sandbox.url}/iot/_control/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: '2027-01-02T12:00:00+01:00' }),
  });
  iot = createHttpIotCloud({ ...config.services.iot, url: `${sandbox.url}/iot/api/v2`, timeoutMs: 10_000 });
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('IoT cloud adapter', () => {
  it('carries the wallbox meter of a site with a wallbox: per bucket, in the day totals and per power point', async () => {
    // Jonas Weber's carport (100241, SITE-2B91D4): no battery, an 11 kW wallbox.
    const days = await iot.energy('SITE-2B91D4', '2026-06-01', '2026-06-30', 'day');
    const [june] = await iot.energy('SITE-2B91D4', '2026-06-01', '2026-06-30', 'month');
    expect(days).toHaveLength(30);
    expect(days.every((d) => typeof d.wallboxWh === 'number')).toBe(true);
    expect(days.reduce((sum, d) => sum + (d.wallboxWh ?? 0), 0)).toBe(june?.wallboxWh);
    expect(june?.wallboxWh).toBeGreaterThan(0);

    const charging = days.find((d) => (d.wallboxWh ?? 0) > 0);
    const power = await iot.power('SITE-2B91D4', charging?.start ?? '2026-06-01');
    expect(power.totals.wallboxWh).toBe(charging?.wallboxWh);
    expect(power.points.length).toBeGreaterThan(0);
    expect(power.points.every((p) => typeof p.wallboxW === 'number')).toBe(true);
    expect(Math.max(...power.points.map((p) => p.wallboxW ?? 0))).toBeGreaterThan(0);
  });

  it('leaves the wallbox fields out for a site without a wallbox (the cloud says null)', async () => {
    const [day] = await iot.energy('SITE-7F3A2C', '2026-06-01', '2026-06-01', 'day');
    expect(day).toBeDefined();
    expect(day).not.toHaveProperty('wallboxWh');
    const power = await iot.power('SITE-7F3A2C', '2026-06-01');
    expect(power.totals).not.toHaveProperty('wallboxWh');
    expect(power.points.some((p) => 'wallboxW' in p)).toBe(false);
    expect(power.points.every((p) => p.batterySocPct !== null)).toBe(true);
  });

  it('reads the sites of several projects with their devices in one call', async () => {
    const sites = await iot.sitesOfProjects([100240, 100241]);
    expect(sites.map((s) => [s.projectId, s.batteryCapacityKwh]).sort()).toEqual([
      [100240, 10],
      [100241, null],
    ]);
    expect(sites.find((s) => s.projectId === 100241)?.devices.map((d) => d.type)).toContain('WALLBOX');
  });
});
