import { describe, expect, it } from 'vitest';
import { customerFromClaims } from './customer-claims.ts';

const options = { appMetadataClaim: 'https://portal.test/app_metadata', customerRoleId: 'rol_kunde_test' };
const claims = (overrides: Record<string, unknown> = {}) => ({
  sub: 'kp|anna',
  email: 'Anna.Schmidt@Example.de',
  given_name: 'Anna',
  family_name: 'Schmidt',
  'https://portal.test/app_metadata': { roles: ['rol_kunde_test'], customerNumber: '700100', phase: 'PROJECT' },
  ...overrides,
});

describe('customer from ID-token claims', () => {
  it('builds the session customer from standard claims and the app-metadata claim', () => {
    expect(customerFromClaims(claims(), options)).toEqual({
      ok: true,
      user: {
        id: 'kp|anna',
        email: 'anna.schmidt@example.de',
        firstName: 'Anna',
        lastName: 'Schmidt',
        customerNumber: '700100',
        phase: 'PROJECT',
        emailVerified: true,
      },
      onboarded: false,
    });
    const unverified = customerFromClaims(claims({ email_verified: false }), options);
    expect(unverified.ok && unverified.user.emailVerified).toBe(false);
  });

  it('refuses an account without the configured customer role', () => {
    const result = customerFromClaims(
      claims({ 'https://portal.test/app_metadata': { roles: ['rol_admin'], customerNumber: null } }),
      options,
    );
    expect(result).toEqual({ ok: false, reason: 'not-a-customer' });
  });

  it('refuses an account whose metadata sits under another claim name', () => {
    const { 'https://portal.test/app_metadata': metadata, ...rest } = claims();
    expect(customerFromClaims({ ...rest, app_metadata: metadata }, options)).toEqual({ ok: false, reason: 'not-a-customer' });
  });

  it('treats a missing e-mail as invalid claims', () => {
    expect(customerFromClaims(claims({ email: undefined }), options)).toEqual({ ok: false, reason: 'invalid-claims' });
  });

  it('reads the onboarded marker of migrated accounts (absent: not onboarded)', () => {
    const marked = customerFromClaims(claims({ 'https://portal.test/app_metadata': { roles: ['rol_kunde_test'], onboarded: true } }), options);
    expect(marked.ok && marked.onboarded).toBe(true);
    const unmarked = customerFromClaims(claims(), options);
    expect(unmarked.ok && unmarked.onboarded).toBe(false);
  });

  it('accepts a customer without customer number yet', () => {
    const result = customerFromClaims(
      claims({ 'https://portal.test/app_metadata': { roles: ['rol_kunde_test'], customerNumber: null } }),
      options,
    );
    expect(result.ok && result.user.customerNumber).toBeNull();
  });

  it('makes an account with only the lead role a lead (phase LEAD, no customer number), whatever its claim says', () => {
    const withLead = { ...options, leadRoleId: 'rol_interessent_test' };
    const lead = customerFromClaims(claims({ 'https://portal.test/app_metadata': { roles: ['rol_interessent_test'], customerNumber: '700100', phase: 'PROJECT' } }), withLead);
    expect(lead.ok && lead.user).toMatchObject({ phase: 'LEAD', customerNumber: null });
    // The customer role wins: a customer stays a customer with the claim's phase.
    const customer = customerFromClaims(claims({ 'https://portal.test/app_metadata': { roles: ['rol_interessent_test', 'rol_kunde_test'], customerNumber: '700100', phase: 'PROJECT' } }), withLead);
    expect(customer.ok && customer.user).toMatchObject({ phase: 'PROJECT', customerNumber: '700100' });
    // Without a configured lead role, a lead's account is refused like any other.
    expect(customerFromClaims(claims({ 'https://portal.test/app_metadata': { roles: ['rol_interessent_test'] } }), options)).toEqual({ ok: false, reason: 'not-a-customer' });
  });
});
