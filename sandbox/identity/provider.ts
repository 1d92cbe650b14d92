import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Provider, { interactionPolicy, type Account, type ErrorOut, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../bff/config.ts';
import type { AccountDirectory } from './accounts.ts';
import { createMemoryAdapter } from './memory-adapter.ts';
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
}

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
 * because the portal builds its session user from the ID token (spec section 6: app-metadata claim).
 */
/**
 * The default policy (login, consent) plus `prompt=create` (OpenID Connect Prompt Create 1.0): a client asks for the
 * account creation screen instead of the login form, e.g. the portal's invitation link. A requestable prompt stays
 * pending until the interaction's result carries its name (oidc-provider's `promptPending`), so the screen's handlers
 * finish with `{ login, create }`. Keycloak (24+) and Auth0 (`screen_hint=signup`) offer the same in production.
 */
function interactionPolicyWithCreate() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

export async function createIdentityProvider(config: Config, options: IdentityDeps): Promise<Provider> {
  const { log } = options;
  const portalOrigin = new URL(config.publicUrl).origin;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const claim = config.APP_METADATA_CLAIM;
  const signingKey = await loadOrCreateSigningKey(options.dataDir, log);

  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_secret: config.oidcClientSecret,
        client_name: 'Kundenportal',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`, `${config.publicUrl}/?loggedOut=1`, `${config.publicUrl}/?accountDeleted=1`],
      },
    ],
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    cookies: {
      // Own names: cookies on localhost are shared across ports (docs/architecture.md, toolchain facts).
      names: { session: 'sandbox_oidc_session', interaction: 'sandbox_oidc_interaction', resume: 'sandbox_oidc_resume' },
      keys: COOKIE_KEYS,
    },
    scopes: ['openid', 'email', 'profile'],
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
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
    },
    // The portal talks to the provider from its server only; no browser CORS access is needed.
    clientBasedCORS: () => false,
    interactions: {
      policy: interactionPolicyWithCreate(),
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
  return provider;
}
