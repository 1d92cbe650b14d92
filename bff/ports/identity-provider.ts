import type { ActionStatus, UPDATE_PASSWORD_ACTION } from '../contracts/auth.ts';

/** Values of one login attempt, kept in the server session between redirect and callback (never sent out). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedLogin {
  /** Verified ID-token claims (issuer, audience, nonce and signature checked); `sid` names the provider session. */
  claims: Record<string, unknown>;
  /** Kept server-side only, as id_token_hint for the provider's logout. */
  idToken: string;
  /** The outcome of an application-initiated action the login asked for (`kc_action_status`), if any. */
  actionStatus?: ActionStatus;
}

/**
 * A verified logout token (OpenID Connect Back-Channel Logout 1.0): whose sessions end, the provider session (`sid`)
 * or, without one, every session of the subject.
 */
export interface LogoutToken {
  sub?: string;
  sid?: string;
  jti: string;
  /** Until when the token would pass the checks (its `iat` plus the accepted age): keep its `jti` that long. */
  usableUntil: Date;
}

/** A logout token that fails a check of Back-Channel Logout 1.0 section 2.6 (answered 400). */
export class InvalidLogoutToken extends Error {
  override readonly name = 'InvalidLogoutToken';
}

/** The customer identity provider (OIDC). Adapter: adapters/oidc-identity-provider.ts. */
export interface IdentityProvider {
  /**
   * Starts a login attempt: a fresh PKCE verifier, state and nonce, and the provider's authorization URL.
   * `register` asks the provider for its account creation screen (`prompt=create`); `loginHint` prefills the address;
   * `emailCode` asks for the e-mail code first (the lead login); `action` runs the provider's update-password screen for
   * the signed-in account (Keycloak's application-initiated action).
   */
  startLogin(
    redirectUri: string,
    options?: { register?: boolean | undefined; loginHint?: string | undefined; emailCode?: boolean; action?: typeof UPDATE_PASSWORD_ACTION },
  ): Promise<{ authorizationUrl: URL; pending: PendingLogin }>;
  /**
   * Completes the authorization-code grant for the callback URL the browser arrived at.
   * Rejects with LoginFailed when the provider reports an error or any check fails.
   */
  finishLogin(callbackUrl: URL, redirectUri: string, pending: PendingLogin): Promise<VerifiedLogin>;
  /** The provider's end-session URL that returns the browser to `postLogoutRedirectUri`. */
  logoutUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<URL>;
  /**
   * Checks a back-channel logout token: signature by the provider's published keys, issuer, audience (the portal's
   * client), a fresh `iat`, the logout event, `sid` and/or `sub`, no `nonce`. Rejects with InvalidLogoutToken.
   */
  verifyLogoutToken(token: string): Promise<LogoutToken>;
}

/** A login that did not complete; `reason` decides the message the customer sees. */
export class LoginFailed extends Error {
  constructor(
    readonly reason: 'cancelled' | 'failed',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'LoginFailed';
  }
}
