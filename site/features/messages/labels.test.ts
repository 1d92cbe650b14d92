import { describe, expect, it } from 'vitest';
import { getT } from '~/site/i18n/index.ts';
import { durationText } from './labels.ts';

describe('time to first answer in words (docs/messages.md "Time to first answer")', () => {
  it('says minutes, hours and minutes, or days and hours', () => {
    const de = getT('de');
    expect(durationText(de, 4 * 60_000)).toBe('4 Min.');
    expect(durationText(de, (2 * 60 + 5) * 60_000)).toBe('2 Std. 5 Min.');
    expect(durationText(de, (3 * 24 + 4) * 3_600_000)).toBe('3 Tagen 4 Std.');
    expect(durationText(getT('en'), (2 * 60 + 5) * 60_000)).toBe('2 h 5 min');
  });
});
