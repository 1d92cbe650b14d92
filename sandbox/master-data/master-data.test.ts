import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

const config = loadConfig({ NODE_ENV: 'test' });

describe('sandbox master-data service (MaStR lookups and transfers)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${sandbox.url}/master-data/api/v1${p}`, { ...init, headers: { 'X-Api-Key': config.MASTER_DATA_API_KEY, 'Content-Type': 'application/json', ...init.headers } });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-master-data-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterEach(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs its API key', async () => {
    expect((await fetch(`${sandbox.url}/master-data/api/v1/market-actors/ABR973301245518`)).status).toBe(401);
  });

  it('finds market actors with their units and units by number; unknown and malformed numbers are 404', async () => {
    const actor = await api('/market-actors/ABR973301245518');
    expect(actor.status).toBe(200);
    expect(await actor.json()).toMatchObject({ name: 'Sophie Richter', units: [{ number: 'SEE955503318842' }, { number: 'SEE967711204459' }] });
    expect((await api('/units/SEE931874200516')).status).toBe(200);
    expect((await api('/market-actors/ABR000000000000')).status).toBe(404);
    expect((await api('/market-actors/abr973301245518')).status).toBe(404);
    expect((await api('/units/SEE1')).status).toBe(404);
  });

  it('starts one transfer per actor and reference, answers the installer’s support code, and lets the installer accept it', async () => {
    const start = () => api('/transfers', { method: 'POST', body: JSON.stringify({ operatorNumber: 'ABR973301245518', reference: 'project-100246' }) });
    const first = await start();
    expect(first.status).toBe(201);
    const transfer = (await first.json()) as { transferId: string; status: string; receiver: { supportCode: string } };
    expect(transfer).toMatchObject({ status: 'WAITING_FOR_OFFER', receiver: { supportCode: expect.stringMatching(/^\d{12}$/) } });
    expect(((await (await start()).json()) as { transferId: string }).transferId).toBe(transfer.transferId);

    expect((await api('/transfers', { method: 'POST', body: JSON.stringify({ operatorNumber: 'ABR000000000001', reference: 'x' }) })).status).toBe(404);
    expect((await api('/transfers', { method: 'POST', body: JSON.stringify({ operatorNumber: 'SEE973301245518', reference: 'x' }) })).status).toBe(400);

    const accepted = await fetch(`${sandbox.url}/master-data/_control/transfers/${transfer.transferId}/accept`, { method: 'POST' });
    expect(((await accepted.json()) as { status: string }).status).toBe('ACCEPTED');
    expect(((await (await api(`/transfers/${transfer.transferId}`)).json()) as { status: string }).status).toBe('ACCEPTED');
  });

  it('registers a signed SEPA mandate once per creditor and reference and never answers the full IBAN', async () => {
    const mandate = {
      mandateReference: 'KP-100240-20261125-7QX3KD',
      creditorId: 'DE98ZZZ09999999999',
      projectId: 100240,
      debtorName: 'Jonas Weber',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      sequenceType: 'RCUR',
      signedAt: '2026-11-25T10:00:00.000Z',
      signedPlace: 'Leipzig',
    };
    const register = (body: unknown) => api('/sepa-mandates', { method: 'POST', body: JSON.stringify(body) });
    const first = await register(mandate);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string; iban: string; status: string };
    expect(created).toMatchObject({ id: expect.stringMatching(/^MDS-/), status: 'ACTIVE', iban: 'DE89…3000' });
    const again = await register(mandate);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect((await register({ ...mandate, iban: 'DE02120300000000202051' })).status).toBe(409);
    expect((await register({ ...mandate, mandateReference: 'KP_1' })).status).toBe(400);
    expect((await api(`/sepa-mandates/${created.id}`)).status).toBe(200);
    expect(JSON.stringify(await (await fetch(`${sandbox.url}/master-data/_control/sepa-mandates`)).json())).not.toContain('DE89370400440532013000');
  });
});
