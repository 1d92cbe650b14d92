import type { SessionUser } from '../../contracts/auth.ts';
import type { OnboardingStep } from '../../contracts/onboarding.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { UserAccounts } from '../repositories/users.ts';
import { customerFromClaims } from './customer-claims.ts';

export type SignInResult = { ok: true; user: SessionUser; onboarding: OnboardingStep | null } | { ok: false; reason: 'forbidden' | 'failed' };

/**
 * Completes a sign-in after the identity provider verified the customer: user row, LOGIN activity, and the first open
 * onboarding step (docs/account.md), which the page guard keeps the customer on.
 */
export function createSignIn(deps: {
  users: UserAccounts;
  activity: ActivityService;
  onboarding: { afterSignIn(user: SessionUser, options: { onboarded: boolean }): Promise<OnboardingStep | null> };
  appMetadataClaim: string;
  customerRoleId: string;
}) {
  return async function signIn(claims: Record<string, unknown>): Promise<SignInResult> {
    const result = customerFromClaims(claims, deps);
    if (!result.ok) return { ok: false, reason: result.reason === 'not-a-customer' ? 'forbidden' : 'failed' };
    await deps.users.ensure(result.user.id, result.user.email);
    await deps.activity.record(result.user, 'LOGIN', { phase: result.user.phase });
    const onboarding = await deps.onboarding.afterSignIn(result.user, { onboarded: result.onboarded });
    return { ok: true, user: result.user, onboarding };
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
