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

class EmailTaken extends Error {}

/**
 * IdentityAdmin over the Keycloak admin REST API (`/admin/realms/{realm}`, bearer token of a service account); the
 * sandbox provider serves the same shape. `verify-password` is the sandbox's stand-in for a direct-access grant
 * (README "Sign-in help": how Keycloak checks the current password in production).
 */
export function createHttpIdentityAdmin(endpoint: ServiceEndpoint): IdentityAdmin {
  const client = createJsonClient(endpoint);
  const user = (id: string) => `/users/${encodeURIComponent(id)}`;
  return {
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
  };
}
