import { describe, expect, it } from 'vitest';
import { creditorIdCheckDigits, isValidCreditorId, isValidMandateReference, newMandateReference } from './sepa-identifiers.ts';

describe('creditor identifier (Gläubiger-ID, DEkkZZZ0nnnnnnnnnn)', () => {
  it('accepts the Bundesbank test identifier and real-shaped ones with matching check digits', () => {
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    // The business code does not count: another one keeps the check digits valid.
    expect(isValidCreditorId('DE98ABC09999999999')).toBe(true);
  });

  it('computes the check digits over the national identifier plus "DE00" (letters as numbers)', () => {
    expect(creditorIdCheckDigits('DE', '09999999999')).toBe('98');
    const nationalId = '01234567890';
    const id = `DE${creditorIdCheckDigits('DE', nationalId)}ZZZ${nationalId}`;
    expect(isValidCreditorId(id)).toBe(true);
  });

  it('refuses wrong check digits, a wrong length, a missing 0 and other countries', () => {
    expect(isValidCreditorId('DE97ZZZ09999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ09999999998')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ0999999999')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ19999999999')).toBe(false);
    expect(isValidCreditorId('AT98ZZZ09999999999')).toBe(false);
    expect(isValidCreditorId('de98zzz09999999999')).toBe(false);
  });
});

describe('mandate reference', () => {
  it('allows at most 35 characters of the SEPA set', () => {
    expect(isValidMandateReference('KP-100234-20261125-7QX3KD')).toBe(true);
    expect(isValidMandateReference("A/B-C?D:E(F).G,H'I+J K")).toBe(true);
    expect(isValidMandateReference('X'.repeat(35))).toBe(true);
    expect(isValidMandateReference('X'.repeat(36))).toBe(false);
    for (const bad of ['', ' KP-1', 'KP-1 ', 'KP_1', 'KP-Müller', 'KP#1', 'KP*1', '/KP-1', 'KP-1/', 'KP//1', 'KP-1\n']) expect(isValidMandateReference(bad), JSON.stringify(bad)).toBe(false);
  });

  it('generates valid references with the project and day, different each time', () => {
    const day = new Date('2026-11-25T10:00:00Z');
    const references = new Set(Array.from({ length: 500 }, () => newMandateReference(100234, day)));
    expect(references.size).toBe(500);
    for (const reference of references) {
      expect(reference).toMatch(/^KP-100234-20261125-[0-9A-Z]{6}$/);
      expect(isValidMandateReference(reference)).toBe(true);
    }
    expect(newMandateReference(999_999_999_999, day, () => 0)).toHaveLength(31);
  });
});
