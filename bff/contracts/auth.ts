import * as z from 'zod/mini';

/**
 * Sign-in and the session's customer (docs/security.md "Sign-in and sessions"). The BFF is the
 * confidential OIDC client; tokens never reach the browser.
 */
export const AUTH_BASE = '/api/auth';
export const AUTH_PATHS = {
  login: `${AUTH_BASE}/login`,
  /** The separate lead login: the e-mail code first, back to the lead dashboard (docs/funnel.md). */
  loginLead: `${AUTH_BASE}/login-lead`,
  callback: `${AUTH_BASE}/callback`,
  logout: `${AUTH_BASE}/logout`,
  me: `${AUTH_BASE}/me`,
  /**
   * OpenID Connect Back-Channel Logout 1.0: the identity provider posts a signed logout token here when a provider
   * session ends (sign-out there, a block, a deletion); every portal session of it ends (docs/account.md).
   */
  backchannelLogout: `${AUTH_BASE}/backchannel-logout`,
} as const;

/** Where the provider's end-session sends the browser back to (its registered post-logout redirect URIs). */
export const POST_LOGOUT_PATHS = { loggedOut: '/?loggedOut=1', accountDeleted: '/?accountDeleted=1' } as const;

/**
 * The optional scope the lead login asks for: the provider then offers the e-mail code first, in any browser
 * (Keycloak: the condition "client scope" in the realm's browser flow; the sandbox provider alike).
 */
export const EMAIL_CODE_SCOPE = 'email-code';

/**
 * The provider-side password change (Keycloak's application-initiated action `kc_action=UPDATE_PASSWORD`): the
 * provider asks for re-authentication and the new password and answers `kc_action_status`.
 */
export const UPDATE_PASSWORD_ACTION = 'UPDATE_PASSWORD';
export type ActionStatus = 'success' | 'cancelled' | 'error';

/** Phase: the account's stage (lead funnel or project customer). */
export const PhaseSchema = z.enum(['LEAD', 'PROJECT']);
export type Phase = z.infer<typeof PhaseSchema>;

/**
 * The signed-in customer as the portal knows them: built from the ID token's claims at login and kept in the
 * server session. `GET /api/auth/me` answers this shape (200) or 204 when nobody is signed in.
 */
export const SessionUserSchema = z.object({
  /** The identity provider's subject (`sub`). */
  id: z.string().check(z.minLength(1)),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  /** The installer's customer number from the app-metadata claim; null for a customer without one yet. */
  customerNumber: z.nullable(z.string()),
  phase: PhaseSchema,
  /** The identity provider's `email_verified`; false brings the MAIL_NOT_VERIFIED notification. Absent counts as verified. */
  emailVerified: z.optional(z.boolean()),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LanguageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'de';

const absoluteUrl = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * The login URL (LOGIN_URL) with `returnTo` set, whether it is relative or absolute and whether it
 * has a query already. Shared by the BFF's page guard and the site's "Anmelden" links.
 */
export function withReturnTo(loginUrl: string, returnTo: string): string {
  const url = new URL(loginUrl, 'http://relative.invalid');
  url.searchParams.set('returnTo', returnTo);
  return absoluteUrl.test(loginUrl) ? url.href : `${url.pathname}${url.search}${url.hash}`;
}
