import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies.ts';

describe('a cookie from the Cookie header', () => {
  it('is the value after its name, whatever stands around it', () => {
    expect(cookieValue('a=1; kundenportal.lang=en;b=2', 'kundenportal.lang')).toBe('en');
    expect(cookieValue('kundenportal.funnel=abc=def', 'kundenportal.funnel')).toBe('abc=def');
  });

  it('is undefined without the header, without the cookie, or for a name that only starts the same', () => {
    expect(cookieValue(undefined, 'kundenportal.lang')).toBeUndefined();
    expect(cookieValue('a=1', 'kundenportal.lang')).toBeUndefined();
    expect(cookieValue('kundenportal.language=en', 'kundenportal.lang')).toBeUndefined();
  });
});
