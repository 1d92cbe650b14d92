import { access } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { DEVELOPMENT_PORTS } from '../setup/loopback-only.ts';
import { startTestPortal } from './test-portal.ts';

describe('the test portal is hermetic', () => {
  it('uses no port of a development stack, and leaves no sandbox folder behind', async () => {
    const portal = await startTestPortal({ databaseUrl: inject('databaseUrl') });
    const urls = [portal.url, portal.sandboxUrl, ...Object.values(portal.config.services).map((service) => service.url)];
    const ports = urls.map((url) => Number(new URL(url).port));
    expect(ports.filter((port) => DEVELOPMENT_PORTS.has(port)), urls.join(' ')).toEqual([]);
    expect(DEVELOPMENT_PORTS.has(portal.config.SMTP_PORT)).toBe(false);
    await expect(access(portal.sandboxDataDir)).resolves.toBeUndefined();

    await portal.close();

    await expect(access(portal.sandboxDataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
