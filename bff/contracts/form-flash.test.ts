import { describe, expect, it } from 'vitest';
import { decodeRefusedFields, readRefusal, refusalLocation, withoutRefusal } from './form-flash.ts';

describe('a refusal in an address', () => {
  it('goes back to the page with its own query, the form, the code, the refused fields and the anchor of the summary', () => {
    const location = refusalLocation('/home/app/messages?topic=q-7&error=OLD&form=old', {
      form: 'composer',
      code: 'MESSAGES.TEXT_TOO_LONG',
      fields: { subject: '', text: 'tooLong' },
      params: { max: '4000' },
    });
    expect(location).toBe('/home/app/messages?topic=q-7&error=MESSAGES.TEXT_TOO_LONG&fields=subject%2Ctext%3AtooLong&max=4000&form=composer#composer-errors');
    const url = new URL(location, 'http://portal.test');
    expect(readRefusal(url.searchParams, 'composer')).toEqual({
      form: 'composer',
      code: 'MESSAGES.TEXT_TOO_LONG',
      fields: { subject: '', text: 'tooLong' },
      params: { topic: 'q-7', max: '4000' },
    });
    expect(readRefusal(url.searchParams, 'preferences')).toBeNull();
    expect(withoutRefusal(url)).toBe('/home/app/messages?topic=q-7&max=4000');
  });

  it('reads field problems written as name:problem or name=problem, and drops what is no field name', () => {
    expect(decodeRefusedFields('zip:format,netPromoterScore=npsRequired,star.q1,<script>,a:b:c,,zip:required')).toEqual({
      zip: 'format',
      netPromoterScore: 'npsRequired',
      'star.q1': '',
      a: 'b',
    });
  });
});
