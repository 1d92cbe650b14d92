import { describe, expect, it } from 'vitest';
import { telHref } from './contact.ts';

describe('telHref', () => {
  it.each([
    ['0341 123 456-0', 'tel:03411234560'],
    ['+49 (0)341 123456', 'tel:+49341123456'],
    ['+49 341 / 12 34 56', 'tel:+49341123456'],
    ['0049 341 123456', 'tel:+49341123456'],
  ])('%s -> %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });

  it('gives no link for what is no number', () => {
    expect(telHref('bitte per Mail')).toBeNull();
    expect(telHref('112')).toBeNull();
  });
});
