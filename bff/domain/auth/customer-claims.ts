import { z } from 'zod';
import type { SessionUser } from '../../contracts/auth.ts';
import { PhaseSchema } from '../../contracts/auth.ts';

/** The custom app-metadata claim: the customer's data and roles. */
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
 * Turns verified ID-token claims into the session's account. Accounts carrying the configured customer role id in the
 * app-metadata claim are customers; accounts carrying only the lead role are leads (phase LEAD, whatever else the
 * claim says, so a lead never reaches a customer's pages; docs/funnel.md "The lead's account"). Anything else is
 * refused.
 */
export function customerFromClaims(
  claims: Record<string, unknown>,
  options: { appMetadataClaim: string; customerRoleId: string; leadRoleId?: string },
): ClaimsResult {
  const base = ClaimsSchema.safeParse(claims);
  const metadata = AppMetadataSchema.safeParse(claims[options.appMetadataClaim] ?? {});
  if (!base.success || !metadata.success) return { ok: false, reason: 'invalid-claims' };
  const customer = metadata.data.roles.includes(options.customerRoleId);
  const lead = !customer && options.leadRoleId !== undefined && metadata.data.roles.includes(options.leadRoleId);
  if (!customer && !lead) return { ok: false, reason: 'not-a-customer' };
  return {
    ok: true,
    user: {
      id: base.data.sub,
      email: base.data.email.toLowerCase(),
      firstName: base.data.given_name,
      lastName: base.data.family_name,
      customerNumber: lead ? null : (metadata.data.customerNumber ?? null),
      phase: lead ? 'LEAD' : metadata.data.phase,
      emailVerified: base.data.email_verified,
    },
    onboarded: metadata.data.onboarded,
  };
}
