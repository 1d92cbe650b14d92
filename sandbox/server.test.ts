import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../bff/config.ts';
import { startSandbox } from './server.ts';

describe('sandbox process', () => {
  it('answers /healthz and reports the ports it really listens on', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-server-'));
    const lines: string[] = [];
    const sandbox = await startSandbox(loadConfig({ NODE_ENV: 'test' }), {
      dataDir,
      httpPort: 0,
      ports: { smtp: 0 },
      log: (line) => lines.push(line),
    });
    try {
      expect(sandbox.httpPort).toBeGreaterThan(0);
      expect(sandbox.ports.smtp).toBeGreaterThan(0);
      const res = await fetch(`${sandbox.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect((await fetch(`${sandbox.url}/nirgends`)).status).toBe(404);
      expect(lines.some((line) => line.includes(`SMTP localhost:${sandbox.ports.smtp}`))).toBe(true);
    } finally {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Both ports are free again.
    await expect(fetch(`${sandbox.url}/healthz`)).rejects.toThrow();
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer().once('error', reject);
      probe.listen(sandbox.ports.smtp, 'localhost', () => probe.close(() => resolve()));
    });
  });

  it('refuses to start on a taken port and leaves nothing running', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-server-'));
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, 'localhost', () => resolve()));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(
        startSandbox(loadConfig({ NODE_ENV: 'test' }), { dataDir, httpPort: taken, ports: { smtp: 0 }, log: () => {} }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
