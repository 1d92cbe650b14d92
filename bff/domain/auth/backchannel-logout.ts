import { InvalidLogoutToken, type IdentityProvider } from '../../ports/identity-provider.ts';
import type { SessionRevocation } from './sessions.ts';

/**
 * OpenID Connect Back-Channel Logout 1.0 (docs/account.md "Sessions"): the identity provider posts a logout token when
 * a provider session ends (a sign-out there, a block, an administrator's sign-out, a deletion). A verified token
 * whose `jti` is new ends the portal sessions of its provider session (`sid`), or without a `sid` every session of its
 * subject. Rejects with InvalidLogoutToken (the route answers 400).
 */
export function createBackchannelLogout(deps: { identityProvider: Pick<IdentityProvider, 'verifyLogoutToken'>; sessions: SessionRevocation }) {
  return async function backchannelLogout(logoutToken: string): Promise<{ ended: number; by: 'sid' | 'sub' }> {
    const token = await deps.identityProvider.verifyLogoutToken(logoutToken);
    if (!(await deps.sessions.firstUseOfLogoutToken(token.jti, token.usableUntil))) throw new InvalidLogoutToken('logout token used before (jti)');
    if (token.sid) return { ended: await deps.sessions.endProviderSession(token.sid, token.sub), by: 'sid' };
    if (!token.sub) throw new InvalidLogoutToken('neither sub nor sid');
    return { ended: await deps.sessions.endAll(token.sub), by: 'sub' };
  };
}

export type BackchannelLogout = ReturnType<typeof createBackchannelLogout>;
