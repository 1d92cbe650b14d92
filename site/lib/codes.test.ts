import { describe, expect, it } from 'vitest';
import { entryOf } from './codes.ts';

describe('entryOf', () => {
  const texts = { 'FUNNEL.SMS_PAUSED': 'paused', 'FUNNEL.INVALID': null } satisfies Record<string, string | null>;

  it('gives the entry of a code the map holds, null included', () => {
    expect(entryOf(texts, 'FUNNEL.SMS_PAUSED')).toBe('paused');
    expect(entryOf(texts, 'FUNNEL.INVALID')).toBeNull();
  });

  it('gives undefined for an unknown code, no code, or a name the object inherits', () => {
    expect(entryOf(texts, 'FUNNEL.OTHER')).toBeUndefined();
    expect(entryOf(texts, null)).toBeUndefined();
    expect(entryOf(texts, undefined)).toBeUndefined();
    expect(entryOf(texts, 'toString')).toBeUndefined();
  });
});
