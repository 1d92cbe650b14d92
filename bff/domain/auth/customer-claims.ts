import { z } from 'zod';
import type { SessionUser } from '../../contracts/auth.ts';
import { PhaseSchema } from '../../contracts/auth.ts';

/** The custom app-metadata claim (spec section 6): the customer's data and roles. */
const AppMetadataSchema = z.object({
  roles: z.array(z.string()).default([]),
  customerNumber: z.string().nullish(),
  phase: z.enum(PhaseSchema.options).default('PROJECT'),
  /** Onboarded before the portal's onboarding existed (migrated accounts); absent = not known as onboarded. */
  onboarded: z.boolean().default(false),
});

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
  email_verified: z.boolean().default(true),
});

export type ClaimsResult =
  | { ok: true; user: SessionUser; onboarded: boolean }
  | { ok: false; reason: 'invalid-claims' | 'not-a-customer' };

/**
 * Turns verified ID-token claims into the session's customer. Only accounts carrying the configured customer
 * role id in the app-metadata claim may use the portal (spec section 6).
 */
export function customerFromClaims(
  claims: Record<string, unknown>,
  options: { appMetadataClaim: string; customerRoleId: string },
): ClaimsResult {
  const base = ClaimsSchema.safeParse(claims);
  const metadata = AppMetadataSchema.safeParse(claims[options.appMetadataClaim] ?? {});
  if (!base.success || !metadata.success) return { ok: false, reason: 'invalid-claims' };
  if (!metadata.data.roles.includes(options.customerRoleId)) return { ok: false, reason: 'not-a-customer' };
  return {
    ok: true,
    user: {
      id: base.data.sub,
      email: base.data.email.toLowerCase(),
      firstName: base.data.given_name,
      lastName: base.data.family_name,
      customerNumber: metadata.data.customerNumber ?? null,
      phase: metadata.data.phase,
      emailVerified: base.data.email_verified,
    },
    onboarded: metadata.data.onboarded,
  };
}
