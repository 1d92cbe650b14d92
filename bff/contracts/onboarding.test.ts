import { describe, expect, it } from 'vitest';
import { checkBaseData, decodeProblems, encodeProblems, journeyRank, resendCooldownSeconds, TWO_FACTOR } from './onboarding.ts';

const valid = { salutation: '', firstName: 'Mehmet', lastName: 'Yılmaz', phone: '+49 (221) 555-123', street: 'Domstraße', houseNumber: '12 a', zip: ' 50667 ', city: 'Köln', preferredContact: 'WHATSAPP' };

describe('base data', () => {
  it('accepts a German address and cleans phone and zip; salutation is optional', () => {
    expect(checkBaseData(valid)).toEqual({ ok: true, data: { ...valid, salutation: null, phone: '+49221555123', zip: '50667' } });
    expect(checkBaseData({ ...valid, salutation: 'MS' })).toMatchObject({ ok: true, data: { salutation: 'MS' } });
  });

  it('names each wrong field: required, format (phone pattern, German zip) or too long', () => {
    const result = checkBaseData({ ...valid, firstName: ' ', phone: '++49 1', zip: '00123', city: 'x'.repeat(101), preferredContact: 'FAX', salutation: 'DR' });
    expect(result).toEqual({ ok: false, problems: { firstName: 'required', phone: 'format', zip: 'format', city: 'tooLong', preferredContact: 'format', salutation: 'format' } });
    expect(checkBaseData({ ...valid, zip: '1234' })).toMatchObject({ problems: { zip: 'format' } });
    expect(checkBaseData({ ...valid, phone: '12' })).toMatchObject({ problems: { phone: 'format' } });
    expect(checkBaseData({ ...valid, houseNumber: 'Hinterhaus' })).toMatchObject({ problems: { houseNumber: 'format' } });
    expect(checkBaseData({ ...valid, preferredContact: undefined })).toMatchObject({ problems: { preferredContact: 'required' } });
  });

  it('carries the problems through a form redirect and back, dropping anything unknown', () => {
    const problems = { zip: 'format', phone: 'required' } as const;
    expect(decodeProblems(encodeProblems(problems))).toEqual(problems);
    expect(decodeProblems('zip:format,evil:x,<script>:required')).toEqual({ zip: 'format' });
  });
});

describe('two-factor resend cooldown', () => {
  it('grows with each resend and stays at the last step', () => {
    expect([1, 2, 3, 4, 5, 9].map(resendCooldownSeconds)).toEqual([30, 60, 120, 300, 600, 600]);
    expect(TWO_FACTOR).toMatchObject({ codeLength: 6, ttlMinutes: 10, maxAttempts: 5 });
  });
});

describe('journey status', () => {
  it('ranks the statuses in their fixed order, no status below the first', () => {
    expect(journeyRank('REGISTERED')).toBeLessThan(journeyRank('CONTACT_DETAILS_COMPLETED'));
    expect(journeyRank('LEAD_PHASE_TOUR_SLIDE_3')).toBe(6);
    expect(journeyRank(null)).toBe(-1);
  });
});
