import express from 'express';
import { z } from 'zod';
import { badRequest, createStandIn, notFound } from '../shared/stand-in.ts';
import { verifyPassword, type AccountDirectory, type DemoAccount } from './accounts.ts';
import type { Lockout } from './lockout.ts';

/** Keycloak's UserRepresentation, the fields the portal reads. */
function representation(account: DemoAccount) {
  return {
    id: account.sub,
    username: account.email,
    email: account.email,
    emailVerified: account.emailVerified ?? true,
    firstName: account.givenName,
    lastName: account.familyName,
    enabled: account.enabled ?? true,
    attributes: {
      customerNumber: account.customerNumber === null ? [] : [account.customerNumber],
      phone: [account.phone],
      phase: [account.phase],
    },
  };
}

const UserUpdateSchema = z.strictObject({
  email: z.email().max(254).optional(),
  emailVerified: z.boolean().optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
});
/** Keycloak's CredentialRepresentation for `reset-password`. */
const CredentialSchema = z.object({ type: z.literal('password'), value: z.string(), temporary: z.boolean().default(false) });
const VerifySchema = z.strictObject({ value: z.string().max(200) });

/**
 * The identity provider's admin API, shaped like Keycloak's admin REST API under `/admin/realms/{realm}` (bearer
 * IDENTITY_ADMIN_TOKEN; Keycloak hands out that token to a service-account client): users by e-mail, change e-mail,
 * name, verified flag and enabled (an administrator's block), reset the password, delete the user, and the
 * brute-force status with its unblock. One call Keycloak does not have: `POST users/{id}/verify-password`, the
 * sandbox's stand-in for checking the current password with a direct-access grant (README "Sign-in help").
 * Faults and reset under `/admin/_control` like every vendor stand-in.
 */
export function createAdminApi(deps: { accounts: AccountDirectory; lockout: Lockout; token: string; log: (line: string) => void; onReset?: () => void }): express.Router {
  const json = express.json({ limit: '16kb' });
  const userOf = (id: unknown) => (typeof id === 'string' ? deps.accounts.bySub(id) : undefined);

  return createStandIn({
    apiPath: '/realms/kundenportal',
    auth: { bearer: deps.token, realm: 'kundenportal' },
    onReset: () => {
      deps.accounts.reset();
      deps.lockout.reset();
      deps.onReset?.();
    },
    api(api) {
      api.get('/users', (req, res) => {
        const email = typeof req.query.email === 'string' ? req.query.email : '';
        if (email === '') return badRequest(res, 'email is required');
        const account = deps.accounts.byEmail(email);
        res.json(account ? [representation(account)] : []);
      });

      api.get('/users/:id', (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        res.json(representation(account));
      });

      api.put('/users/:id', json, (req, res) => {
        const body = UserUpdateSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { firstName, lastName, ...rest } = body.data;
        const updated = deps.accounts.update(String(req.params.id), {
          ...rest,
          ...(firstName === undefined ? {} : { givenName: firstName }),
          ...(lastName === undefined ? {} : { familyName: lastName }),
        });
        if (updated === undefined) return notFound(res);
        if (updated === 'conflict') {
          res.status(409).json({ errorMessage: 'User exists with same email' });
          return;
        }
        deps.log(`OIDC-Admin: Konto ${updated.sub} geändert (${Object.keys(body.data).join(', ')})`);
        res.status(204).end();
      });

      api.put('/users/:id/reset-password', json, async (req, res) => {
        const body = CredentialSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        if (body.data.value.length < 8 || body.data.value.length > 200) {
          res.status(400).json({ error: 'invalidPasswordMinLengthMessage', error_description: 'Invalid password: minimum length 8.' });
          return;
        }
        if (!(await deps.accounts.setPassword(String(req.params.id), body.data.value))) return notFound(res);
        deps.log(`OIDC-Admin: Passwort von ${String(req.params.id)} gesetzt`);
        res.status(204).end();
      });

      api.post('/users/:id/verify-password', json, async (req, res) => {
        const body = VerifySchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        res.json({ valid: await verifyPassword(body.data.value, account.passwordHash) });
      });

      api.delete('/users/:id', (req, res) => {
        const id = String(req.params.id);
        if (!deps.accounts.delete(id)) return notFound(res);
        deps.lockout.unblock(id);
        deps.log(`OIDC-Admin: Konto ${id} gelöscht`);
        res.status(204).end();
      });

      api.get('/attack-detection/brute-force/users/:id', (req, res) => {
        if (!userOf(req.params.id)) return notFound(res);
        res.json(deps.lockout.status(String(req.params.id)));
      });

      api.delete('/attack-detection/brute-force/users/:id', (req, res) => {
        if (!userOf(req.params.id)) return notFound(res);
        deps.lockout.unblock(String(req.params.id));
        res.status(204).end();
      });
    },
  });
}
