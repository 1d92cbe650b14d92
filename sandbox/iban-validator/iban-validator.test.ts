import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

const config = loadConfig({ NODE_ENV: 'test' });

describe('sandbox IBAN validator', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const check = (iban: unknown, key = config.IBAN_VALIDATOR_API_KEY) =>
    fetch(`${sandbox.url}/iban-validator/api/v1/validate`, { method: 'POST', headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ iban }) });
  const control = (p: string, init: RequestInit = {}) => fetch(`${sandbox.url}/iban-validator/_control${p}`, { ...init, headers: { 'Content-Type': 'application/json' } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-iban-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await control('/reset', { method: 'POST' });
  });

  it('needs its API key', async () => {
    expect((await check('DE89370400440532013000', 'wrong-key-wrong-key')).status).toBe(401);
  });

  it('answers bank name and BIC for a German IBAN (spaces and lower case accepted)', async () => {
    const answer = await check('de89 3704 0044 0532 0130 00');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      iban: 'DE89 3704 0044 0532 0130 00',
      valid: true,
      result: 'VALID',
      bank: { code: '37040044', name: 'Commerzbank', bic: 'COBADEFFXXX', city: 'Köln' },
    });
  });

  it('tells format, length, checksum, unknown bank and closed account apart', async () => {
    const result = async (iban: string) => ((await (await check(iban)).json()) as { result: string }).result;
    expect(await result('DE89370400440532013001')).toBe('INVALID_CHECKSUM');
    expect(await result('DE8937040044053201300')).toBe('INVALID_LENGTH');
    expect(await result('XX89370400440532013000')).toBe('INVALID_COUNTRY');
    expect(await result('DE89 3704 !')).toBe('INVALID_FORMAT');
    expect(await result('DE97999999990000012345')).toBe('UNKNOWN_BANK');
    expect(await result('DE91860555920000012345')).toBe('ACCOUNT_CLOSED');
    expect(await result('AT611904300234573201')).toBe('VALID');
  });

  it('lets a test close an account and counts checks without keeping IBANs; the reset restores the demo', async () => {
    expect((await control('/closed-accounts', { method: 'POST', body: JSON.stringify({ iban: 'DE12 5001 0517 0648 4898 90' }) })).status).toBe(204);
    expect(((await (await check('DE12500105170648489890')).json()) as { result: string }).result).toBe('ACCOUNT_CLOSED');
    expect(await (await control('/stats')).json()).toEqual({ checks: 1 });
    await control('/reset', { method: 'POST' });
    expect(((await (await check('DE12500105170648489890')).json()) as { result: string }).result).toBe('VALID');
  });

  it('fails on demand like every stand-in', async () => {
    await control('/faults', { method: 'POST', body: JSON.stringify({ mode: 'fail', status: 503 }) });
    expect((await check('DE89370400440532013000')).status).toBe(503);
    await control('/faults', { method: 'DELETE' });
    expect((await check('DE89370400440532013000')).status).toBe(200);
  });

  it('refuses a body without an IBAN', async () => {
    expect((await check(undefined)).status).toBe(400);
  });
});
