import type Provider from 'oidc-provider';
import type { StoredSession } from './memory-adapter.ts';

/** Why the provider ends an account's sessions (the log line says it). */
export type SessionEndReason = 'blocked' | 'disabled' | 'deleted' | 'admin-logout' | 'password-changed';

/**
 * Ends an account's provider sessions the way Keycloak's admin logout (`POST users/{id}/logout`) does: every client the
 * session signed in to gets a signed logout token on its back-channel logout URL (OpenID Connect Back-Channel Logout
 * 1.0, oidc-provider's `client.backchannelLogout`), then the grants and the session go. The provider awaits the
 * deliveries, so whoever caused it (an administrator's call, the fifth wrong password) gets the answer only after the
 * portal has ended its sessions: the customer's next request there is signed out.
 */
export function createSessionEnder(deps: {
  provider: Provider;
  sessionsOf(accountId: string): StoredSession[];
  log: (line: string) => void;
}) {
  return async function endSessions(accountId: string, reason: SessionEndReason, options: { except?: string } = {}): Promise<number> {
    const sessions = deps.sessionsOf(accountId).filter((session) => session.id !== options.except);
    for (const session of sessions) {
      for (const [clientId, { sid, grantId }] of Object.entries(session.authorizations)) {
        const client = await deps.provider.Client.find(clientId);
        if (client?.backchannelLogoutUri) {
          await client.backchannelLogout(accountId, sid).then(
            () => deps.log(`OIDC: Back-Channel-Logout an ${clientId} (${reason})`),
            (error: unknown) => deps.log(`OIDC: Back-Channel-Logout an ${clientId} fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`),
          );
        }
        if (grantId) await (await deps.provider.Grant.find(grantId))?.destroy();
      }
      await (await deps.provider.Session.find(session.id))?.destroy();
    }
    return sessions.length;
  };
}

export type EndSessions = ReturnType<typeof createSessionEnder>;
