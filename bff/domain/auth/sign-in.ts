import type { Language, SessionUser } from '../../contracts/auth.ts';
import type { OnboardingStep } from '../../contracts/onboarding.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { UserAccounts } from '../repositories/users.ts';
import { customerFromClaims } from './customer-claims.ts';

export type SignInResult = { ok: true; user: SessionUser; onboarding: OnboardingStep | null } | { ok: false; reason: 'forbidden' | 'failed' };

/**
 * Completes a sign-in after the identity provider verified the account: user row, LOGIN activity (with the phase), and
 * for a customer the first open onboarding step (docs/account.md), which the page guard keeps the customer on.
 * A lead goes through the lead phase's sign-in first (docs/funnel.md "From lead to customer"): when the sale closed
 * since, the account becomes a customer's now and the sign-in continues as one; otherwise the lead skips the customer
 * onboarding (the lead dashboard has its own steps: contact details and the lead tour).
 */
export function createSignIn(deps: {
  users: UserAccounts;
  /** The customer signed in with another language than before: the identity provider's mails follow it too. */
  languageChanged?: (userId: string, language: Language) => Promise<unknown>;
  activity: ActivityService;
  onboarding: { afterSignIn(user: SessionUser, options: { onboarded: boolean }): Promise<OnboardingStep | null> };
  leads: { atSignIn(user: SessionUser): Promise<SessionUser> };
  appMetadataClaim: string;
  customerRoleId: string;
  leadRoleId: string;
}) {
  /** `language`: the one the customer signs in with; the portal's mails to them follow it. */
  return async function signIn(claims: Record<string, unknown>, language?: Language): Promise<SignInResult> {
    const result = customerFromClaims(claims, deps);
    if (!result.ok) return { ok: false, reason: result.reason === 'not-a-customer' ? 'forbidden' : 'failed' };
    const before = language ? await deps.users.languageOf(result.user.id) : null;
    await deps.users.ensure(result.user.id, result.user.email, language);
    if (language && before !== language) await deps.languageChanged?.(result.user.id, language);
    const user = result.user.phase === 'LEAD' ? await deps.leads.atSignIn(result.user) : result.user;
    await deps.activity.record(user, 'LOGIN', { phase: user.phase });
    if (user.phase === 'LEAD') return { ok: true, user, onboarding: null };
    // A converted lead was never onboarded as a customer: what it did as a lead counts (docs/funnel.md).
    const onboarding = await deps.onboarding.afterSignIn(user, { onboarded: result.user.phase === 'LEAD' ? false : result.onboarded });
    return { ok: true, user, onboarding };
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
