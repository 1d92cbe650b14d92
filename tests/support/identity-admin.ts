import type { Config } from '~/bff/config.ts';

/**
 * Headers for the identity provider's admin API as the portal sends them: a client-credentials token of the realm's
 * service account (IDENTITY_ADMIN_CLIENT_ID) from the issuer's token endpoint. For tests that look at the provider's
 * side of a change.
 */
export async function identityAdminHeaders(config: Pick<Config, 'oidcIssuer' | 'IDENTITY_ADMIN_CLIENT_ID' | 'identityAdminClientSecret'>): Promise<Record<string, string>> {
  const discovery = (await (await fetch(`${config.oidcIssuer}/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
  const basic = Buffer.from(`${encodeURIComponent(config.IDENTITY_ADMIN_CLIENT_ID)}:${encodeURIComponent(config.identityAdminClientSecret)}`).toString('base64');
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`client-credentials grant answered ${response.status}: ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}
