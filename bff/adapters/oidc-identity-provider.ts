import * as client from 'openid-client';
import { observedFetch } from '../observability/outbound.ts';
import { LoginFailed, type IdentityProvider } from '../ports/identity-provider.ts';

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-http issuers are refused by openid-client unless allowed; only for the local sandbox. */
  allowInsecureRequests: boolean;
}

/**
 * IdentityProvider over any OIDC provider (sandbox oidc-provider locally, Keycloak/Auth0 in production) with
 * openid-client 6: confidential client (client_secret_basic), authorization code + PKCE S256, state and nonce.
 * Discovery happens on first use and is retried until it succeeds, so the portal may start before the provider.
 */
export function createOidcIdentityProvider(options: OidcOptions): IdentityProvider {
  const observed = observedFetch('identityProvider');
  let configuration: Promise<client.Configuration> | undefined;

  const getConfiguration = () => {
    configuration ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        client.ClientSecretBasic(options.clientSecret),
        {
          // Discovery, token and JWKS requests carry the request id and are measured (docs/observability.md).
          [client.customFetch]: (url, init) => observed(url, init as RequestInit),
          ...(options.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async startLogin(redirectUri, startOptions = {}) {
      const config = await getConfiguration();
      const pending = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
      };
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        // OpenID Connect Prompt Create 1.0 (Keycloak 24+; Auth0 calls it screen_hint=signup).
        ...(startOptions.register ? { prompt: 'create' } : {}),
        ...(startOptions.loginHint ? { login_hint: startOptions.loginHint } : {}),
      });
      return { authorizationUrl, pending };
    },

    async finishLogin(callbackUrl, redirectUri, pending) {
      const error = callbackUrl.searchParams.get('error');
      if (error) {
        throw new LoginFailed(
          error === 'access_denied' ? 'cancelled' : 'failed',
          `identity provider answered ${error}`,
        );
      }
      const config = await getConfiguration();
      // The grant must see the redirect URI the provider was given, whatever host header the request came with.
      const current = new URL(redirectUri);
      current.search = callbackUrl.search;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) throw new Error('no ID token');
        return { claims: { ...claims }, idToken: tokens.id_token };
      } catch (cause) {
        throw new LoginFailed('failed', 'authorization code grant failed', { cause });
      }
    },

    async logoutUrl(idToken, postLogoutRedirectUri) {
      const config = await getConfiguration();
      const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri };
      if (idToken) parameters.id_token_hint = idToken;
      return client.buildEndSessionUrl(config, parameters);
    },
  };
}
