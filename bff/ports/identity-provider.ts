/** Values of one login attempt, kept in the server session between redirect and callback (never sent out). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedLogin {
  /** Verified ID-token claims (issuer, audience, nonce and signature checked). */
  claims: Record<string, unknown>;
  /** Kept server-side only, as id_token_hint for the provider's logout. */
  idToken: string;
}

/** The customer identity provider (OIDC). Adapter: adapters/oidc-identity-provider.ts. */
export interface IdentityProvider {
  /**
   * Starts a login attempt: a fresh PKCE verifier, state and nonce, and the provider's authorization URL.
   * `register` asks the provider for its account creation screen (`prompt=create`); `loginHint` prefills the address.
   */
  startLogin(redirectUri: string, options?: { register?: boolean; loginHint?: string }): Promise<{ authorizationUrl: URL; pending: PendingLogin }>;
  /**
   * Completes the authorization-code grant for the callback URL the browser arrived at.
   * Rejects with LoginFailed when the provider reports an error or any check fails.
   */
  finishLogin(callbackUrl: URL, redirectUri: string, pending: PendingLogin): Promise<VerifiedLogin>;
  /** The provider's end-session URL that returns the browser to `postLogoutRedirectUri`. */
  logoutUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<URL>;
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
