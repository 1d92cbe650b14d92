import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Provider, { interactionPolicy, type Account, type ErrorOut, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '~/bff/config.ts';
import { UPDATE_PASSWORD_ACTION, type ActionStatus } from '~/bff/contracts/auth.ts';
import type { AccountDirectory } from './accounts.ts';
import { createMemoryAdapter } from './memory-adapter.ts';
import type { Realm } from './realm.ts';
import { createSessionEnder, type EndSessions } from './sessions.ts';
import { errorPage, loggedOutPage, logoutPage, type Page } from './views.ts';

export interface IdentityProviderOptions {
  /** Issuer identifier including the mount path, e.g. `http://localhost:4010/oidc`. */
  issuer: string;
  /** Folder for the signing key, so ID tokens stay verifiable across restarts (logout with id_token_hint). */
  dataDir: string;
  log: (line: string) => void;
}

export interface IdentityDeps extends IdentityProviderOptions {
  accounts: AccountDirectory;
  /** The realm file's clients, roles, claim and session lifetime (./realm.ts). */
  realm: Realm;
}

/** The interaction result of the update-password action (./update-password.ts), named like Keycloak's parameter. */
export const KC_ACTION_RESULT = 'kc_action';
/** The prompt of the update-password action, after login and before consent. */
export const UPDATE_PASSWORD_PROMPT = 'update_password';

// Fixed development cookie keys: the sandbox never runs in production.
const COOKIE_KEYS = ['kundenportal-sandbox-cookie-key-1-not-for-production'];

interface SigningJwk {
  kty: string;
  kid: string;
  use: 'sig';
  alg: 'RS256';
  [member: string]: unknown;
}

async function loadOrCreateSigningKey(dataDir: string, log: (line: string) => void): Promise<SigningJwk> {
  const file = path.join(dataDir, 'oidc-signing-key.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as SigningJwk;
    if (stored.kty === 'RSA' && typeof stored.kid === 'string') return stored;
  } catch {
    // Missing or unreadable: create a new key below.
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: SigningJwk = { ...privateKey.export({ format: 'jwk' }), kty: 'RSA', kid: randomUUID(), use: 'sig', alg: 'RS256' };
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(jwk), { mode: 0o600 });
  await rename(tmp, file);
  log('OIDC: neuer Signaturschlüssel erzeugt');
  return jwk;
}

function send(ctx: KoaContextWithOIDC, page: Page): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', page.csp);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = page.html;
}

const ERROR_MESSAGES: Record<string, string> = {
  invalid_request: 'Die Anfrage an den Anmeldedienst ist ungültig.',
  invalid_client: 'Die anfragende Anwendung ist beim Anmeldedienst nicht bekannt.',
  invalid_redirect_uri: 'Die Rücksprungadresse der Anwendung ist nicht registriert.',
  session_not_found: 'Deine Anmeldung ist abgelaufen. Bitte starte sie im Kundenportal erneut.',
  access_denied: 'Der Zugriff wurde verweigert.',
  server_error: 'Beim Anmeldedienst ist ein unerwarteter Fehler aufgetreten.',
};

/** Where a visitor can start over: the portal's login URL (LOGIN_URL may be relative to the portal). */
export function portalLoginUrl(config: Config): string {
  return /^https?:\/\//.test(config.LOGIN_URL) ? config.LOGIN_URL : `${config.publicUrl}${config.LOGIN_URL}`;
}

/**
 * The sandbox's OpenID Provider (oidc-provider 9): one confidential first-party client (the portal), code flow with
 * PKCE S256, the demo accounts, and German pages. Claims land in the ID token itself (conformIdTokenClaims: false)
 * because the portal builds its session user from the ID token (its app-metadata claim, docs/account.md).
 */
/**
 * The default policy (login, consent) plus:
 * - `prompt=create` (OpenID Connect Prompt Create 1.0): a client asks for the account creation screen instead of the
 *   login form, e.g. the portal's invitation link. A requestable prompt stays pending until the interaction's result
 *   carries its name (oidc-provider's `promptPending`), so the screen's handlers finish with `{ login, create }`.
 *   Keycloak (24+) and Auth0 (`screen_hint=signup`) offer the same in production.
 * - a login check for a session whose account is gone (deleted since): the login form again. Without it oidc-provider
 *   finds no account and no grant for the session and answers "server_error: oops! something went wrong".
 * - `kc_action=UPDATE_PASSWORD` (Keycloak's application-initiated action): the update-password screen after the login,
 *   until the interaction's result carries the action's outcome. Its details say whether the last sign-in is older
 *   than the realm's `max_auth_age`, i.e. whether the screen asks to re-authenticate first.
 */
function interactionPolicyFor(realm: Realm) {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  policy.get('login')?.checks.add(
    new interactionPolicy.Check('account_gone', 'the session belongs to an account that no longer exists', (ctx) =>
      ctx.oidc.session.accountId !== undefined && ctx.oidc.entities.Account === undefined ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  const updatePassword = new interactionPolicy.Prompt(
    { name: UPDATE_PASSWORD_PROMPT, requestable: false },
    // Keycloak: a max_auth_age of 0 asks every time.
    (ctx) => ({
      reauthenticate: ctx.oidc.result?.login === undefined && (realm.updatePassword.maxAuthAgeSeconds <= 0 || ctx.oidc.session.past(realm.updatePassword.maxAuthAgeSeconds)),
    }),
    new interactionPolicy.Check('kc_action', 'the client asked for an application-initiated action', (ctx) =>
      ctx.oidc.params.kc_action === UPDATE_PASSWORD_ACTION && ctx.oidc.result?.[KC_ACTION_RESULT] === undefined
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  const consentAt = policy.findIndex((prompt) => prompt.name === 'consent');
  policy.add(updatePassword, consentAt === -1 ? policy.length : consentAt);
  return policy;
}

/**
 * oidc-provider sends back-channel logout tokens through a dispatcher that refuses loopback and private addresses
 * (SSRF protection). The sandbox's portal is on localhost or in the same container network, so the sandbox sends
 * them with plain fetch.
 */
const fetchWithoutSsrfGuard = (url: string, options: RequestInit & { dispatcher?: unknown }) => {
  const { dispatcher: _guarded, ...plain } = options;
  return fetch(url, plain);
};

export async function createIdentityProvider(config: Config, options: IdentityDeps): Promise<{ provider: Provider; endSessions: EndSessions }> {
  const { log, realm } = options;
  const portalOrigin = new URL(config.publicUrl).origin;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const claim = realm.appMetadataClaim;
  const signingKey = await loadOrCreateSigningKey(options.dataDir, log);
  const storage = createMemoryAdapter();

  const provider = new Provider(options.issuer, {
    // The realm's two clients: the portal (code flow with PKCE, back-channel logout with the session id) and its
    // service account for the admin API (client credentials only).
    clients: [
      {
        client_id: realm.portalClient.clientId,
        client_secret: realm.portalClient.secret,
        client_name: 'Kundenportal',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: realm.portalClient.redirectUris,
        post_logout_redirect_uris: realm.portalClient.postLogoutRedirectUris,
        backchannel_logout_uri: realm.portalClient.backchannelLogoutUrl,
        backchannel_logout_session_required: realm.portalClient.backchannelLogoutSessionRequired,
      },
      {
        client_id: realm.adminClient.clientId,
        client_secret: realm.adminClient.secret,
        client_name: 'Kundenportal: Verwaltung',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    adapter: storage.Adapter,
    jwks: { keys: [signingKey] },
    cookies: {
      // Own names: cookies on localhost are shared across ports (docs/architecture.md, toolchain facts).
      names: { session: 'sandbox_oidc_session', interaction: 'sandbox_oidc_interaction', resume: 'sandbox_oidc_resume' },
      keys: COOKIE_KEYS,
    },
    // The optional scopes of the portal's client too: the lead login's e-mail code scope (router.ts).
    scopes: ['openid', 'email', 'profile', ...realm.portalClient.optionalScopes],
    extraParams: ['kc_action'],
    fetch: fetchWithoutSsrfGuard,
    claims: {
      openid: ['sub', claim],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // Auto-submit only for a validated id_token_hint (the portal's own logout); a bare link asks first.
          const autoSubmit = typeof ctx.oidc.params.id_token_hint === 'string';
          send(ctx, logoutPage({ form, autoSubmit, portalOrigin }));
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          send(ctx, loggedOutPage({ portalUrl: `${config.publicUrl}/`, portalOrigin }));
        },
      },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: realm.sessionMaxSeconds,
      Grant: realm.sessionMaxSeconds,
      ClientCredentials: realm.adminClient.accessTokenLifespanSeconds,
    },
    // The portal talks to the provider from its server only; no browser CORS access is needed.
    clientBasedCORS: () => false,
    interactions: {
      policy: interactionPolicyFor(realm),
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const account = options.accounts.bySub(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
          [claim]: {
            roles: account.roles ?? [config.CUSTOMER_ROLE_ID],
            customerNumber: account.customerNumber,
            phase: account.phase,
            phone: account.phone,
            onboarded: account.onboarded ?? true,
          },
        }),
      };
    },
    // First-party client: nobody is asked for consent; whatever openid/email/profile scopes it asks for are granted.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const { client, session } = oidc;
      if (!client || !session.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      if (oidc.requestParamClaims.size > 0) grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      const message = ERROR_MESSAGES[out.error] ?? 'Die Anmeldung konnte nicht fortgesetzt werden.';
      const detail = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
      const isLogout = ctx.oidc.route?.startsWith('end_session') ?? false;
      send(
        ctx,
        errorPage({
          heading: isLogout ? 'Abmeldung nicht möglich' : 'Anmeldung nicht möglich',
          message,
          detail,
          link: { href: portalLoginUrl(config), label: 'Erneut anmelden' },
          portalOrigin,
        }),
      );
    },
  });

  // An https issuer means a TLS-terminating proxy in front (the deployment test's nginx; the sandbox speaks plain HTTP):
  // endpoints and cookies follow its X-Forwarded-Proto and -Host, as Keycloak's `--proxy-headers=xforwarded` does.
  if (options.issuer.startsWith('https://')) provider.proxy = true;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => log(`OIDC: Serverfehler: ${err.message}`));
  // Koa logs unhandled errors with a stack trace unless someone listens; a short line is enough here.
  provider.on('error', (err: Error) => log(`OIDC: Fehler: ${err.message}`));
  for (const event of ['authorization.error', 'grant.error', 'end_session.error', 'userinfo.error']) {
    provider.on(event, (_ctx: KoaContextWithOIDC, err: Error & { error_description?: string }) =>
      log(`OIDC: ${event}: ${err.message}${err.error_description ? ` (${err.error_description})` : ''}`),
    );
  }
  provider.on('end_session.success', () => log('OIDC: Abmeldung'));
  provider.on('backchannel.error', (_ctx: KoaContextWithOIDC, err: Error) => log(`OIDC: Back-Channel-Logout fehlgeschlagen: ${err.message}`));
  // Keycloak answers an application-initiated action with `kc_action_status` beside the code. oidc-provider emits
  // this event with the response's parameters before it redirects, so the outcome of the update-password screen
  // (the interaction's result) joins them here.
  provider.on('authorization.success', (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => {
    const action = ctx.oidc.result?.[KC_ACTION_RESULT] as { status?: ActionStatus } | undefined;
    if (ctx.oidc.params.kc_action !== undefined && action?.status) out.kc_action_status = action.status;
  });
  return { provider, endSessions: createSessionEnder({ provider, sessionsOf: storage.sessionsOf, log }) };
}
