import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { PasswordRejected, type IdentityAdmin } from '../ports/identity-admin.ts';
import { createJsonClient } from './json-client.ts';

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
const VerifySchema = z.object({ valid: z.boolean() });
/** Keycloak's RoleRepresentation (`GET roles/{role-name}`), as role mappings want it. */
const RoleSchema = z.object({ id: z.string(), name: z.string() });

class EmailTaken extends Error {}

/**
 * IdentityAdmin over the Keycloak admin REST API (`/admin/realms/{realm}`, bearer token of a service account); the
 * sandbox provider serves the same shape. `verify-password` is the sandbox's stand-in for a direct-access grant
 * (README "Sign-in help": how Keycloak checks the current password in production).
 */
export function createHttpIdentityAdmin(endpoint: ServiceEndpoint): IdentityAdmin {
  const client = createJsonClient(endpoint);
  const user = (id: string) => `/users/${encodeURIComponent(id)}`;
  const admin: IdentityAdmin = {
    async account(userId) {
      const found = await client.request(user(userId), { schema: UserSchema, nullOn404: true });
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
        await client.request(user(userId), { method: 'PUT', json: { email, emailVerified: true }, errorOn: { 409: () => new EmailTaken() } });
        return 'changed';
      } catch (error) {
        if (error instanceof EmailTaken) return 'taken';
        throw error;
      }
    },
    async markEmailVerified(userId) {
      await client.request(user(userId), { method: 'PUT', json: { emailVerified: true } });
    },
    async changeName(userId, firstName, lastName) {
      await client.request(user(userId), { method: 'PUT', json: { firstName, lastName } });
    },
    // Keycloak replaces the attributes as a whole on PUT: the current ones are read first and kept.
    async setLocale(userId, locale) {
      const current = await client.request(user(userId), { schema: UserSchema });
      await client.request(user(userId), { method: 'PUT', json: { attributes: { ...current.attributes, locale: [locale] } } });
    },
    async verifyPassword(userId, password) {
      return (await client.request(`${user(userId)}/verify-password`, { method: 'POST', json: { value: password }, schema: VerifySchema })).valid;
    },
    async setPassword(userId, password) {
      await client.request(`${user(userId)}/reset-password`, {
        method: 'PUT',
        json: { type: 'password', value: password, temporary: false },
        errorOn: { 400: (detail) => new PasswordRejected(detail ?? 'password rejected by the provider') },
      });
    },
    async deleteAccount(userId) {
      await client.request(user(userId), { method: 'DELETE', nullOn404: true });
    },
    async accountIdByEmail(email) {
      const found = await client.request(`/users?${new URLSearchParams({ email, exact: 'true' })}`, { schema: z.array(UserSchema) });
      return found.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase())?.id ?? null;
    },
    // Keycloak: the user first (no credentials: the account signs in with the e-mail code), then its realm roles.
    // Its 201 names the new user only in the Location header, so the id is read back by the address.
    async createAccount(account) {
      try {
        await client.request('/users', {
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
        const roles = await Promise.all(account.roles.map((name) => client.request(`/roles/${encodeURIComponent(name)}`, { schema: RoleSchema })));
        await client.request(`${user(id)}/role-mappings/realm`, { method: 'POST', json: roles });
      }
      return { id };
    },
    // Keycloak replaces the attributes as a whole on PUT: the current ones are read first and kept.
    async makeCustomer(userId, change) {
      const current = await client.request(user(userId), { schema: UserSchema });
      await client.request(user(userId), {
        method: 'PUT',
        json: { attributes: { ...current.attributes, phase: ['PROJECT'], customerNumber: [change.customerNumber] } },
      });
      const [customer, lead] = await Promise.all([
        client.request(`/roles/${encodeURIComponent(change.customerRole)}`, { schema: RoleSchema }),
        client.request(`/roles/${encodeURIComponent(change.leadRole)}`, { schema: RoleSchema }),
      ]);
      await client.request(`${user(userId)}/role-mappings/realm`, { method: 'POST', json: [customer] });
      await client.request(`${user(userId)}/role-mappings/realm`, { method: 'DELETE', json: [lead] });
    },
  };
  return admin;
}
