import { describe, expect, it } from 'vitest';
import { upstreamUnavailable } from '../errors.ts';
import type { IbanValidator } from '../../ports/iban-validator.ts';
import { createBankCheck } from './bank-check.ts';

const COMMERZBANK = { verdict: 'VALID' as const, bank: { name: 'Commerzbank', bic: 'COBADEFFXXX' } };
const validator = (answer: Awaited<ReturnType<IbanValidator['validate']>> | 'down'): IbanValidator & { calls: number } => {
  const fake = {
    calls: 0,
    async validate() {
      fake.calls += 1;
      if (answer === 'down') throw upstreamUnavailable({ name: 'ibanValidator', label: 'Die Prüfung der Bankverbindung' });
      return answer;
    },
  };
  return fake;
};
const warnings: unknown[] = [];
const check = (answer: Parameters<typeof validator>[0], enabled = true) => {
  const v = validator(answer);
  return { v, bank: createBankCheck({ validator: v, enabled, warn: (m, f) => warnings.push([m, f]), now: () => new Date('2026-11-25T10:00:00Z') }) };
};

describe('the bank check (local first, then the IBAN validator)', () => {
  it('never asks the validator about an IBAN the local check refuses', async () => {
    const { v, bank } = check(COMMERZBANK);
    expect(await bank.check('DE89370400440532013001')).toMatchObject({ valid: false, problem: 'CHECKSUM', remote: 'SKIPPED' });
    await expect(bank.forSubmission('DE8937040044053201300', {})).rejects.toMatchObject({ code: 'IBAN.INVALID', status: 422, params: { field: 'iban', problem: 'LENGTH', expectedLength: 22 } });
    expect(v.calls).toBe(0);
  });

  it('fills BIC and bank from the validator, over what the customer typed', async () => {
    const { bank } = check(COMMERZBANK);
    expect(await bank.check('de89 3704 0044 0532 0130 00')).toMatchObject({ valid: true, remote: 'CHECKED', bic: 'COBADEFFXXX', bankName: 'Commerzbank', iban: 'DE89370400440532013000' });
    expect(await bank.forSubmission('DE89370400440532013000', { bic: 'DEUTDEFF', bankName: 'Falsch' })).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank: 'Commerzbank',
      check: 'VERIFIED',
      problem: null,
      checkedAt: new Date('2026-11-25T10:00:00Z'),
    });
  });

  it('refuses an unknown bank and a closed account with their reason', async () => {
    await expect(check({ verdict: 'ACCOUNT_CLOSED', bank: COMMERZBANK.bank }).bank.forSubmission('DE89370400440532013000', {})).rejects.toMatchObject({ params: { problem: 'ACCOUNT_CLOSED' } });
    expect(await check({ verdict: 'UNKNOWN_BANK', bank: null }).bank.check('DE89370400440532013000')).toMatchObject({ valid: false, problem: 'UNKNOWN_BANK', remote: 'CHECKED' });
  });

  it('keeps the local verdict when the validator is down: taken as PENDING with what was typed, checked again later', async () => {
    const { bank } = check('down');
    expect(await bank.check('DE89370400440532013000')).toMatchObject({ valid: true, remote: 'UNAVAILABLE', bic: null });
    expect(await bank.forSubmission('DE89370400440532013000', { bic: 'cobadeffxxx', bankName: 'Commerzbank Köln' })).toMatchObject({ check: 'PENDING', bic: 'COBADEFFXXX', bank: 'Commerzbank Köln', checkedAt: null });
    expect(await bank.recheck('DE89370400440532013000')).toEqual({ status: 'PENDING', bic: null, bank: null, problem: null });
    expect(JSON.stringify(warnings)).not.toContain('DE89370400440532013000');
  });

  it('asks nobody when switched off (IBAN_VALIDATION=false)', async () => {
    const { v, bank } = check(COMMERZBANK, false);
    expect(await bank.check('DE89370400440532013000')).toMatchObject({ valid: true, remote: 'OFF', bic: null });
    expect(await bank.forSubmission('DE89370400440532013000', { bic: '' })).toMatchObject({ check: 'OFF', bic: null });
    expect(v.calls).toBe(0);
  });

  it('refuses a malformed BIC at its field', async () => {
    await expect(check(COMMERZBANK).bank.forSubmission('DE89370400440532013000', { bic: 'COBA1' })).rejects.toMatchObject({ code: 'IBAN.BIC_INVALID', params: { field: 'bic' } });
  });

  it('recheck: verified fills the bank, a closed account is rejected', async () => {
    expect(await check(COMMERZBANK).bank.recheck('DE89370400440532013000')).toEqual({ status: 'VERIFIED', bic: 'COBADEFFXXX', bank: 'Commerzbank', problem: null });
    expect(await check({ verdict: 'ACCOUNT_CLOSED', bank: null }).bank.recheck('DE89370400440532013000')).toMatchObject({ status: 'REJECTED', problem: 'ACCOUNT_CLOSED' });
  });
});
