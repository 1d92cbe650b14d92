import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceEndpoint } from '../config.ts';
import { createHttpIdentityAdmin } from './identity-admin.http.ts';
import { createClientCredentialsTokens } from './oidc-identity-provider.ts';

/**
 * The admin API's bearer (docs/account.md "Identity provider"): a client-credentials token from the issuer's token
 * endpoint, kept until shortly before it expires, shared by concurrent calls, and renewed once when the API says 401.
 * A small issuer over real HTTP: discovery, a token endpoint that counts its grants, an admin API that checks them.
 */
let server: http.Server;
let base: string;
let grants: { authorization: string | undefined; body: string }[] = [];
let expiresIn = 300;
/** Tokens the admin API accepts; a test takes one back to play a token the provider revoked. */
const valid = new Set<string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/realms/kundenportal/.well-known/openid-configuration') {
        return json(200, { issuer: `${base}/realms/kundenportal`, token_endpoint: `${base}/realms/kundenportal/token`, authorization_endpoint: `${base}/auth`, jwks_uri: `${base}/jwks` });
      }
      if (req.url === '/realms/kundenportal/token') {
        grants.push({ authorization: req.headers.authorization, body });
        const token = `token-${grants.length}`;
        valid.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: expiresIn });
      }
      if (req.url?.startsWith('/admin/realms/kundenportal/users/')) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        if (!valid.has(token)) return json(401, { error: 'HTTP 401 Unauthorized' });
        return json(200, [{ id: 'c1', type: 'password' }]);
      }
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  grants = [];
  valid.clear();
  expiresIn = 300;
});

function adminWith(now: () => number = Date.now) {
  const endpoint: ServiceEndpoint = { name: 'identityAdmin', label: 'Unser Anmeldedienst', url: `${base}/admin/realms/kundenportal`, headers: {}, timeoutMs: 2_000 };
  const tokens = createClientCredentialsTokens({ issuer: `${base}/realms/kundenportal`, clientId: 'kundenportal-admin', clientSecret: 'ein-geheimnis-des-dienstkontos', allowInsecureRequests: true, now });
  return createHttpIdentityAdmin(endpoint, tokens);
}

describe('the identity provider’s admin API with a client-credentials token', () => {
  it('fetches one token at the issuer’s token endpoint (client credentials, client_secret_basic) and reuses it', async () => {
    const admin = adminWith();
    await Promise.all([admin.hasPassword('a'), admin.hasPassword('b'), admin.hasPassword('c')]);
    await admin.hasPassword('d');
    expect(grants).toHaveLength(1);
    expect(new URLSearchParams(grants[0]?.body).get('grant_type')).toBe('client_credentials');
    // RFC 6749 section 2.3.1: id and secret form-encoded, then Basic.
    const basic = Buffer.from(grants[0]?.authorization?.replace(/^Basic /, '') ?? '', 'base64').toString('utf8');
    expect(basic.split(':').map(decodeURIComponent)).toEqual(['kundenportal-admin', 'ein-geheimnis-des-dienstkontos']);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    let now = Date.now();
    const admin = adminWith(() => now);
    expiresIn = 300;
    await admin.hasPassword('a');
    now += 260_000;
    await admin.hasPassword('a');
    expect(grants).toHaveLength(1);
    // Within the last 30 seconds of its life the token is renewed.
    now += 15_000;
    await admin.hasPassword('a');
    expect(grants).toHaveLength(2);
  });

  it('a 401 drops the token and the call goes once more with a new one; a second 401 is an outage', async () => {
    const admin = adminWith();
    expect(await admin.hasPassword('a')).toBe(true);
    valid.delete('token-1');
    expect(await admin.hasPassword('a')).toBe(true);
    expect(grants).toHaveLength(2);

    // A provider that refuses every token: two tries, then UPSTREAM.UNAVAILABLE naming the admin API.
    const refusing = adminWith();
    const original = valid.add.bind(valid);
    valid.add = () => valid;
    try {
      await expect(refusing.hasPassword('a')).rejects.toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', params: { service: 'identityAdmin' } });
    } finally {
      valid.add = original;
    }
  });

  it('an unreachable token endpoint counts as the admin API being unavailable', async () => {
    const endpoint: ServiceEndpoint = { name: 'identityAdmin', label: 'Unser Anmeldedienst', url: `${base}/admin/realms/kundenportal`, headers: {}, timeoutMs: 2_000 };
    const tokens = createClientCredentialsTokens({ issuer: `${base}/realms/gibt-es-nicht`, clientId: 'x', clientSecret: 'y', allowInsecureRequests: true });
    await expect(createHttpIdentityAdmin(endpoint, tokens).hasPassword('a')).rejects.toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', params: { service: 'identityAdmin' } });
  });
});
