import { describe, expect, it } from 'vitest';
import { formFlashValues } from './form-flash.ts';

describe('formFlashValues', () => {
  it('gives the kept values to the page they were kept for only', () => {
    const formFlash = { page: '/home/app/refund', values: { name: 'Jonas Weber', iban: 'de89 3704' } };
    expect(formFlashValues({ formFlash }, '/home/app/refund')).toEqual({ name: 'Jonas Weber', iban: 'de89 3704' });
    expect(formFlashValues({ formFlash }, '/home/app/sepa-mandate')).toBeNull();
    expect(formFlashValues({ formFlash: null }, '/home/app/refund')).toBeNull();
    expect(formFlashValues({}, '/home/app/refund')).toBeNull();
  });
});
