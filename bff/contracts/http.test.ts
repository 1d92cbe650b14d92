import { describe, expect, it } from 'vitest';
import { apiPath, INTERNAL_API_BASE } from './http.ts';
import { MONEY_PATHS } from './money.ts';
import { SIGNING_PATHS } from './signing.ts';

describe('apiPath', () => {
  it('fills in a contract path below its base', () => {
    expect(apiPath(INTERNAL_API_BASE, MONEY_PATHS.refund, { projectId: 7 })).toBe('/api/v1/internal/project/7/refund');
  });

  it('encodes each value and fills every parameter', () => {
    expect(apiPath(INTERNAL_API_BASE, SIGNING_PATHS.byId, { projectId: 7, envelopeId: 'a/b c' })).toBe('/api/v1/internal/project/7/embedded-signing/a%2Fb%20c');
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => apiPath(INTERNAL_API_BASE, 'project/:projectId' as string, {})).toThrow(':projectId');
    // @ts-expect-error the compiler names the missing parameter of a contract path
    expect(() => apiPath(INTERNAL_API_BASE, MONEY_PATHS.refund, {})).toThrow(':projectId');
  });
});
