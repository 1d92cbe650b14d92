import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '~/bff/config.ts';

/** A login the way the portal starts one: its URL at the provider and the secrets the token exchange needs. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/**
 * A fresh authorization request of the portal's client (code flow with PKCE S256, state and nonce), for tests that
 * talk to the sign-in stand-in directly; `extra` adds or overrides parameters (`login_hint`, `scope`, `kc_action`).
 */
export function authorizationRequest(endpoint: string, config: Pick<Config, 'OIDC_CLIENT_ID' | 'publicUrl'>, extra: Record<string, string> = {}): AuthorizationRequest {
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: config.OIDC_CLIENT_ID,
    redirect_uri: `${config.publicUrl}/api/auth/callback`,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url: `${endpoint}?${params}`, state, nonce, verifier };
}
