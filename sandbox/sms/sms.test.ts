import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import type { StoredSms } from './store.ts';

describe('sandbox SMS gateway', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const config = loadConfig({ NODE_ENV: 'test' });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-sms-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (body: unknown, token = config.SMS_API_TOKEN) =>
    fetch(`${sandbox.url}/sms/xms/v1/kundenportal/batches`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const messages = async (to?: string) =>
    ((await (await fetch(`${sandbox.url}/sms/_control/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)).json()) as { messages: StoredSms[] }).messages;

  it('takes a batch like the vendor (bearer token, E.164 recipients) and refuses a wrong token or number', async () => {
    expect((await send({ from: 'BspSolar', to: ['+4917111111111'], body: 'x' }, 'wrong-token-0000000')).status).toBe(401);
    const refused = await send({ from: 'BspSolar', to: ['0171 123'], body: 'Code 123456' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'syntax_invalid_parameter_format' });

    const accepted = await send({ from: 'BspSolar', to: ['+4917111111111'], body: 'Dein Code: 482913' });
    expect(accepted.status).toBe(201);
    const batch = (await accepted.json()) as { id: string; type: string };
    expect(batch.type).toBe('mt_text');
    expect((await messages('+49 171 11111111')).map((m) => [m.to, m.body, m.batchId])).toEqual([['+4917111111111', 'Dein Code: 482913', batch.id]]);
  });

  it('fails or slows down on the fault switch, as an unavailable vendor would', async () => {
    await fetch(`${sandbox.url}/sms/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', status: 503 }) });
    expect((await send({ from: 'BspSolar', to: ['+4917122222222'], body: 'x' })).status).toBe(503);
    await fetch(`${sandbox.url}/sms/_control/faults`, { method: 'DELETE' });
    expect((await send({ from: 'BspSolar', to: ['+4917122222222'], body: 'x' })).status).toBe(201);
  });

  it('shows a German inbox with the codes marked, filters by number and empties on a same-origin form only', async () => {
    await send({ from: 'BspSolar', to: ['+436641234567'], body: 'Dein Code: 007001. <b>nicht fett</b>' });
    const page = await (await fetch(`${sandbox.url}/sms/?nummer=${encodeURIComponent('+43 664 1234567')}`)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<span class="code">007001</span>');
    expect(page).toContain('&lt;b&gt;nicht fett&lt;/b&gt;');
    expect(page).not.toContain('+4917111111111');
    const foreign = await fetch(`${sandbox.url}/sms/clear`, { method: 'POST', redirect: 'manual', headers: { origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    const cleared = await fetch(`${sandbox.url}/sms/clear`, { method: 'POST', redirect: 'manual' });
    expect(cleared.status).toBe(303);
    expect(await messages()).toEqual([]);
  });
});
