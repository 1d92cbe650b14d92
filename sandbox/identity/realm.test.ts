import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '~/bff/config.ts';
import { AUTH_PATHS, EMAIL_CODE_SCOPE, POST_LOGOUT_PATHS } from '~/bff/contracts/auth.ts';
import { claimPath, loadRealm, parsePasswordPolicy, placeholdersOf, REALM_FILE, resolvePlaceholders } from './realm.ts';

/**
 * The Keycloak realm file (deploy/keycloak/realm-kundenportal.json) against the portal's configuration: what Keycloak
 * imports must be what the portal asks for. The sandbox provider reads the same file (sandbox/identity/realm.ts), so
 * every other test runs on it too.
 */
describe('the realm file and the portal configuration', () => {
  const text = readFileSync(REALM_FILE, 'utf8');
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://portal.example.de' });
  const realm = loadRealm(config);
  const file = JSON.parse(text) as { clients: { clientId: string; redirectUris: string[]; attributes: Record<string, string> }[] };

  it('names only the portal’s own variables as placeholders, so one environment configures both', () => {
    const variables = new Set(Object.keys(envSchema.shape));
    const names = [...new Set(placeholdersOf(text))];
    expect(names.filter((name) => !variables.has(name))).toEqual([]);
    // Secrets and addresses come from the environment, never from the file.
    expect(file.clients.map((client) => client.clientId)).toEqual(['${OIDC_CLIENT_ID}', '${IDENTITY_ADMIN_CLIENT_ID}']);
    expect(text).not.toMatch(/local-development/);
    expect(text).not.toMatch(/localhost/);
  });

  it('has the portal’s confidential client with its callback, post-logout and back-channel logout URLs', () => {
    expect(realm.portalClient.clientId).toBe(config.OIDC_CLIENT_ID);
    expect(realm.portalClient.secret).toBe(config.oidcClientSecret);
    expect(realm.portalClient.redirectUris).toEqual([`${config.publicUrl}${AUTH_PATHS.callback}`]);
    expect(realm.portalClient.postLogoutRedirectUris).toEqual(
      expect.arrayContaining([`${config.publicUrl}${POST_LOGOUT_PATHS.loggedOut}`, `${config.publicUrl}${POST_LOGOUT_PATHS.accountDeleted}`]),
    );
    expect(realm.portalClient.backchannelLogoutUrl).toBe(`${config.publicUrl}${AUTH_PATHS.backchannelLogout}`);
    expect(realm.portalClient.backchannelLogoutSessionRequired).toBe(true);
    const portal = file.clients[0];
    expect(portal?.attributes['pkce.code.challenge.method']).toBe('S256');
  });

  it('a provider that reaches the portal by another address gets it from OIDC_BACKCHANNEL_LOGOUT_URL', () => {
    const internal = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://portal.example.de', OIDC_BACKCHANNEL_LOGOUT_URL: 'http://portal:4321/api/auth/backchannel-logout' });
    expect(loadRealm(internal).portalClient.backchannelLogoutUrl).toBe('http://portal:4321/api/auth/backchannel-logout');
  });

  it('has the customer and the lead role of the configuration, and the app-metadata claim the portal reads', () => {
    expect(realm.realmRoles).toEqual([config.CUSTOMER_ROLE_ID, config.LEAD_ROLE_ID]);
    expect(realm.appMetadataClaim).toBe(config.APP_METADATA_CLAIM);
    // Keycloak nests claims at unescaped dots: the claim's own dots are escaped in the file.
    expect(claimPath('https://kundenportal\\.example\\.de/app_metadata.roles')).toEqual(['https://kundenportal.example.de/app_metadata', 'roles']);
  });

  it('gives the admin client a service account with only the roles the admin API calls need', () => {
    expect(realm.adminClient.clientId).toBe(config.IDENTITY_ADMIN_CLIENT_ID);
    expect(realm.adminClient.secret).toBe(config.identityAdminClientSecret);
    expect(realm.adminClient.roles.toSorted()).toEqual(['manage-users', 'view-users']);
    expect(realm.adminClient.accessTokenLifespanSeconds).toBeLessThanOrEqual(300);
  });

  it('blocks after five wrong passwords, asks for re-authentication before a password change, and offers the lead login’s e-mail code', () => {
    expect(realm.lockoutAfter).toBe(5);
    expect(realm.updatePassword).toEqual({ enabled: true, maxAuthAgeSeconds: 0 });
    expect(realm.emailCodeScope).toBe(EMAIL_CODE_SCOPE);
    expect(realm.portalClient.optionalScopes).toContain(EMAIL_CODE_SCOPE);
    expect(realm.passwordPolicy).toEqual({ minLength: 10, maxLength: 200, notUsername: true, notEmail: true, history: 1 });
    expect(realm.sessionMaxSeconds).toBe(config.SESSION_ABSOLUTE_HOURS * 3600);
  });

  it('resolves placeholders inside JSON strings and refuses an unknown one', () => {
    expect(resolvePlaceholders('{"a":"${X}/b"}', { X: 'say "hi"' })).toBe('{"a":"say \\"hi\\"/b"}');
    expect(resolvePlaceholders('"${Y:fallback}"', {})).toBe('"fallback"');
    expect(() => resolvePlaceholders('"${Z}"', {})).toThrow(/Z/);
    expect(parsePasswordPolicy('length(12) and notEmail')).toMatchObject({ minLength: 12, notEmail: true, history: 0 });
  });
});
