import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { upstreamUnavailable } from '../domain/errors.ts';
import type { IdentityAdmin } from '../ports/identity-admin.ts';
import { createJsonClient, type JsonRequest } from './json-client.ts';
import type { AccessTokenSource } from './oidc-identity-provider.ts';

/** Keycloak's UserRepresentation, as far as the portal reads it. */
const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean().default(false),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  enabled: z.boolean().default(true),
  attributes: z.record(z.string(), z.array(z.string())).default({}),
});
/** Keycloak's RoleRepresentation, as role mappings want it. */
const RoleSchema = z.object({ id: z.string(), name: z.string() });
/** Keycloak's CredentialRepresentation, its type only. */
const CredentialSchema = z.object({ type: z.string() });

class EmailTaken extends Error {}
class Unauthorized extends Error {}
type Answer<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * IdentityAdmin over the Keycloak admin REST API (`/admin/realms/{realm}`); the sandbox provider serves the same shape.
 * Every call carries a client-credentials token of the realm's service account (`tokens`, fetched at the issuer's token
 * endpoint and kept until shortly before it expires); a 401 drops the token and the call goes once more with a new
 * one. A failing token endpoint counts as the admin API being unavailable.
 */
export function createHttpIdentityAdmin(endpoint: ServiceEndpoint, tokens: AccessTokenSource): IdentityAdmin {
  const client = createJsonClient(endpoint);
  const user = (id: string) => `/users/${encodeURIComponent(id)}`;

  async function bearer(): Promise<string> {
    try {
      return await tokens.token();
    } catch (cause) {
      throw upstreamUnavailable(endpoint, cause);
    }
  }

  function call<S extends z.ZodType | undefined = undefined>(path: string, options: JsonRequest<S> & { nullOn404: true }): Promise<Answer<S> | null>;
  function call<S extends z.ZodType | undefined = undefined>(path: string, options?: JsonRequest<S>): Promise<Answer<S>>;
  async function call<S extends z.ZodType | undefined>(path: string, options: JsonRequest<S> = {}): Promise<Answer<S> | null> {
    const attempt = async () => {
      const token = await bearer();
      try {
        const request: JsonRequest<S> = { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` }, errorOn: { ...options.errorOn, 401: () => new Unauthorized() } };
        return (await client.request(path, request as JsonRequest<S> & { nullOn404: true })) as Answer<S> | null;
      } catch (error) {
        if (error instanceof Unauthorized) tokens.refused(token);
        throw error;
      }
    };
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Unauthorized)) throw error;
    }
    try {
      return await attempt();
    } catch (error) {
      throw error instanceof Unauthorized ? upstreamUnavailable(endpoint, new Error(`${options.method ?? 'GET'} ${path} answered 401 with a new token`)) : error;
    }
  }

  /** The realm roles of these names that the account can still be given (their ids, which role mappings need). */
  async function availableRoles(userId: string, names: string[]) {
    const available = await call(`${user(userId)}/role-mappings/realm/available`, { schema: z.array(RoleSchema) });
    return available.filter((role) => names.includes(role.name));
  }

  const admin: IdentityAdmin = {
    async account(userId) {
      const found = await call(user(userId), { schema: UserSchema, nullOn404: true });
      if (!found) return null;
      return {
        id: found.id,
        email: found.email,
        emailVerified: found.emailVerified,
        firstName: found.firstName,
        lastName: found.lastName,
        enabled: found.enabled,
        phone: found.attributes.phone?.[0] ?? null,
        customerNumber: found.attributes.customerNumber?.[0] ?? null,
      };
    },
    async changeEmail(userId, email) {
      try {
        await call(user(userId), { method: 'PUT', json: { email, emailVerified: true }, errorOn: { 409: () => new EmailTaken() } });
        return 'changed';
      } catch (error) {
        if (error instanceof EmailTaken) return 'taken';
        throw error;
      }
    },
    async markEmailVerified(userId) {
      await call(user(userId), { method: 'PUT', json: { emailVerified: true } });
    },
    async changeName(userId, firstName, lastName) {
      await call(user(userId), { method: 'PUT', json: { firstName, lastName } });
    },
    async hasPassword(userId) {
      const credentials = await call(`${user(userId)}/credentials`, { schema: z.array(CredentialSchema), nullOn404: true });
      return (credentials ?? []).some((credential) => credential.type === 'password');
    },
    // Keycloak replaces the attributes as a whole on PUT: the current ones are read first and kept.
    async setLocale(userId, locale) {
      const current = await call(user(userId), { schema: UserSchema });
      await call(user(userId), { method: 'PUT', json: { attributes: { ...current.attributes, locale: [locale] } } });
    },
    async signOutEverywhere(userId) {
      await call(`${user(userId)}/logout`, { method: 'POST', nullOn404: true });
    },
    async deleteAccount(userId) {
      await call(user(userId), { method: 'DELETE', nullOn404: true });
    },
    async accountIdByEmail(email) {
      const found = await call(`/users?${new URLSearchParams({ email, exact: 'true' })}`, { schema: z.array(UserSchema) });
      return found.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase())?.id ?? null;
    },
    // Keycloak: the user first (no credentials: the account signs in with the e-mail code), then its realm roles.
    // Its 201 names the new user only in the Location header, so the id is read back by the address. Roles are found
    // among the user's available ones: that needs view-users only, where `GET roles/{name}` would need view-realm.
    async createAccount(account) {
      try {
        await call('/users', {
          method: 'POST',
          json: {
            username: account.email,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            enabled: true,
            emailVerified: false,
            attributes: { phone: [account.phone], phase: [account.phase] },
          },
          errorOn: { 409: () => new EmailTaken() },
        });
      } catch (error) {
        if (error instanceof EmailTaken) return 'taken';
        throw error;
      }
      const id = await admin.accountIdByEmail(account.email);
      if (!id) throw new Error('identity provider created the account but does not find it');
      if (account.roles.length > 0) {
        const roles = await availableRoles(id, account.roles);
        if (roles.length !== account.roles.length) throw new Error(`identity provider has no realm role ${account.roles.join(', ')}`);
        await call(`${user(id)}/role-mappings/realm`, { method: 'POST', json: roles });
      }
      return { id };
    },
    // Keycloak replaces the attributes as a whole on PUT: the current ones are read first and kept.
    async makeCustomer(userId, change) {
      const current = await call(user(userId), { schema: UserSchema });
      await call(user(userId), {
        method: 'PUT',
        json: { attributes: { ...current.attributes, phase: ['PROJECT'], customerNumber: [change.customerNumber] } },
      });
      const [customer] = await availableRoles(userId, [change.customerRole]);
      if (customer) await call(`${user(userId)}/role-mappings/realm`, { method: 'POST', json: [customer] });
      const lead = (await call(`${user(userId)}/role-mappings/realm`, { schema: z.array(RoleSchema) })).filter((role) => role.name === change.leadRole);
      if (lead.length > 0) await call(`${user(userId)}/role-mappings/realm`, { method: 'DELETE', json: lead });
    },
  };
  return admin;
}
