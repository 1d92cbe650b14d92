import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { EMAIL_CODE_SCOPE, type ActionStatus } from '../contracts/auth.ts';
import { observedFetch } from '../observability/outbound.ts';
import { InvalidLogoutToken, LoginFailed, type IdentityProvider, type LogoutToken } from '../ports/identity-provider.ts';

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-http issuers are refused by openid-client unless allowed; only for the local sandbox. */
  allowInsecureRequests: boolean;
}

/** Back-Channel Logout 1.0 section 2.4: the member of `events` that makes a JWT a logout token. */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its `iat`), and the clock skew allowed on top. */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;
const ACTION_STATUSES = new Set<string>(['success', 'cancelled', 'error'] satisfies ActionStatus[]);

/**
 * The provider's discovery document and a client configuration, fetched on first use and again after a failure, so the
 * portal may start before the provider.
 */
function discovered(options: OidcOptions): () => Promise<client.Configuration> {
  const observed = observedFetch('identityProvider');
  let configuration: Promise<client.Configuration> | undefined;
  return () => {
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
}

/**
 * IdentityProvider over any OIDC provider (sandbox oidc-provider locally, Keycloak/Auth0 in production) with
 * openid-client 6: confidential client (client_secret_basic), authorization code + PKCE S256, state and nonce; the
 * lead login's e-mail code scope and Keycloak's application-initiated action `kc_action`; back-channel logout tokens
 * checked with jose against the provider's published keys (docs/account.md "Identity provider").
 */
export function createOidcIdentityProvider(options: OidcOptions): IdentityProvider {
  const getConfiguration = discovered(options);
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

  async function verifyLogoutJwt(token: string): Promise<JWTPayload> {
    const metadata = (await getConfiguration()).serverMetadata();
    if (!metadata.jwks_uri) throw new InvalidLogoutToken('the provider publishes no keys');
    if (keys?.uri !== metadata.jwks_uri) keys = { uri: metadata.jwks_uri, set: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    try {
      const { payload } = await jwtVerify(token, keys.set, {
        issuer: metadata.issuer,
        audience: options.clientId,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iat', 'jti', 'events'],
      });
      return payload;
    } catch (cause) {
      // A provider that cannot be reached is an outage, not a bad token.
      if (cause instanceof joseErrors.JOSEError && !(cause instanceof joseErrors.JWKSTimeout)) {
        throw new InvalidLogoutToken(`logout token refused: ${cause.code}`, { cause });
      }
      throw cause;
    }
  }

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
        // The e-mail code scope is an optional scope of the portal's client: asking for it is the lead login.
        scope: `openid email profile${startOptions.emailCode ? ` ${EMAIL_CODE_SCOPE}` : ''}`,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        // OpenID Connect Prompt Create 1.0 (Keycloak 24+; Auth0 calls it screen_hint=signup).
        ...(startOptions.register ? { prompt: 'create' } : {}),
        ...(startOptions.loginHint ? { login_hint: startOptions.loginHint } : {}),
        ...(startOptions.action ? { kc_action: startOptions.action } : {}),
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
      const status = callbackUrl.searchParams.get('kc_action_status');
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) throw new Error('no ID token');
        return {
          claims: { ...claims },
          idToken: tokens.id_token,
          ...(status !== null && ACTION_STATUSES.has(status) ? { actionStatus: status as ActionStatus } : {}),
        };
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

    // Back-Channel Logout 1.0 section 2.6; the jti's single use is the caller's (bff/domain/auth/backchannel-logout.ts).
    async verifyLogoutToken(token): Promise<LogoutToken> {
      const payload = await verifyLogoutJwt(token);
      const events = payload.events as Record<string, unknown> | undefined;
      const event = events?.[LOGOUT_EVENT];
      if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new InvalidLogoutToken('no back-channel logout event');
      if ('nonce' in payload) throw new InvalidLogoutToken('a logout token carries no nonce');
      const sub = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
      const sid = typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : undefined;
      if (!sub && !sid) throw new InvalidLogoutToken('neither sub nor sid');
      if (typeof payload.jti !== 'string' || payload.jti === '') throw new InvalidLogoutToken('no jti');
      const issuedAt = payload.iat ?? 0;
      return {
        ...(sub ? { sub } : {}),
        ...(sid ? { sid } : {}),
        jti: payload.jti,
        usableUntil: new Date((issuedAt + LOGOUT_TOKEN_MAX_AGE_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000),
      };
    },
  };
}

/** A bearer token for an API, renewed when it is about to expire or the API refuses it. */
export interface AccessTokenSource {
  token(): Promise<string>;
  /** The API answered 401 with this token: the next `token()` fetches a new one (unless another call did already). */
  refused(token: string): void;
}

/**
 * Client-credentials tokens of a service-account client at the issuer's token endpoint (Keycloak: the realm's
 * `kundenportal-admin` client, whose service account holds view-users and manage-users). A token is kept until
 * shortly before its `expires_in` (the last tenth of its life, at most 30 s), concurrent callers share one request,
 * and a token the API refuses is dropped.
 */
export function createClientCredentialsTokens(options: OidcOptions & { now?: () => number }): AccessTokenSource {
  const getConfiguration = discovered(options);
  const now = options.now ?? Date.now;
  let cached: { value: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const response = await client.clientCredentialsGrant(await getConfiguration());
    const lifetime = response.expires_in ?? 60;
    cached = { value: response.access_token, renewAt: now() + (lifetime - Math.min(30, lifetime / 10)) * 1000 };
    return response.access_token;
  }

  return {
    async token() {
      if (cached && now() < cached.renewAt) return cached.value;
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    refused(token) {
      if (cached?.value === token) cached = undefined;
    },
  };
}
