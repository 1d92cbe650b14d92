import express, { type RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { badRequest, createStandIn, notFound } from '../shared/stand-in.ts';
import type { AccountDirectory, DemoAccount } from './accounts.ts';
import type { Lockout } from './lockout.ts';
import { passwordPolicyProblem, type PasswordPolicy, type Realm } from './realm.ts';
import type { EndSessions } from './sessions.ts';

/** Keycloak's UserRepresentation, the fields the portal reads. */
function representation(account: DemoAccount) {
  const attribute = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? [] : [value]);
  return {
    id: account.sub,
    username: account.email,
    email: account.email,
    emailVerified: account.emailVerified ?? true,
    firstName: account.givenName,
    lastName: account.familyName,
    enabled: account.enabled ?? true,
    attributes: {
      customerNumber: attribute(account.customerNumber),
      phone: attribute(account.phone),
      phase: [account.phase],
      ...(account.onboarded === undefined ? {} : { onboarded: [String(account.onboarded)] }),
      ...(account.locale === undefined ? {} : { locale: [account.locale] }),
    },
  };
}

/** Attributes the claim is built from (Keycloak: user attributes behind protocol mappers); other names are kept out. */
const AttributesSchema = z
  .object({
    customerNumber: z.array(z.string().regex(/^\d{1,20}$/)).max(1).optional(),
    phone: z.array(z.string().max(40)).max(1).optional(),
    phase: z.array(z.enum(['LEAD', 'PROJECT'])).max(1).optional(),
    onboarded: z.array(z.enum(['true', 'false'])).max(1).optional(),
    /** Keycloak's `locale` attribute: the language of the provider's own mails (sign-in code, block notice). */
    locale: z.array(z.enum(['de', 'en'])).max(1).optional(),
  })
  .catchall(z.array(z.string().max(200)).max(10));
/** Keycloak's UserRepresentation for `POST users`. */
const NewUserSchema = z.object({
  username: z.string().max(254).optional(),
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  enabled: z.boolean().default(true),
  emailVerified: z.boolean().default(false),
  attributes: AttributesSchema.default({}),
});
/** Keycloak's RoleRepresentation list for role mappings (`id` and `name`; the sandbox goes by the name). */
const RoleListSchema = z.array(z.object({ id: z.string().optional(), name: z.string().min(1).max(100) })).min(1).max(10);

const UserUpdateSchema = z.strictObject({
  email: z.email().max(254).optional(),
  emailVerified: z.boolean().optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
  attributes: AttributesSchema.optional(),
});
/** Keycloak's CredentialRepresentation for `reset-password`. */
const CredentialSchema = z.object({ type: z.literal('password'), value: z.string(), temporary: z.boolean().default(false) });

/** Keycloak's admin roles of the realm-management client that the calls need. */
const READS = 'view-users';
const WRITES = 'manage-users';

/**
 * The identity provider's admin API, shaped like Keycloak's admin REST API under `/admin/realms/{realm}`: users by
 * e-mail, change e-mail, name, verified flag and enabled (an administrator's block), reset the password, the user's
 * credentials, sign the user out everywhere, delete the user, role mappings, and the brute-force status with its
 * unblock. Like Keycloak it takes only an access token of the realm's service-account client (client-credentials
 * grant at the issuer's token endpoint; the realm file grants it view-users and manage-users): reads need view-users,
 * changes manage-users. Disabling, signing out and deleting a user end its provider sessions with a back-channel
 * logout to the portal. Faults and reset under `/admin/_control` like every vendor stand-in.
 */
export function createAdminApi(deps: {
  accounts: AccountDirectory;
  lockout: Lockout;
  /** Issues and finds the service account's tokens. */
  provider: Provider;
  serviceAccount: Realm['adminClient'];
  /** The realm's roles (Keycloak: realm roles); a demo account without explicit roles has the first (the customer role). */
  realmRoles: readonly string[];
  passwordPolicy: PasswordPolicy;
  endSessions: EndSessions;
  log: (line: string) => void;
  onReset?: () => void;
}): express.Router {
  const granted = new Set(deps.serviceAccount.roles);
  /** A token of the service account that is still valid; the role each call needs is checked per method below. */
  const verify = async (token: string) => {
    const found = await deps.provider.ClientCredentials.find(token);
    return found !== undefined && !found.isExpired && found.clientId === deps.serviceAccount.clientId;
  };
  const requireRole: RequestHandler = (req, res, next) => {
    if (granted.has(req.method === 'GET' ? READS : WRITES)) return next();
    res.status(403).json({ error: 'unknown_error', error_description: 'HTTP 403 Forbidden' });
  };
  const json = express.json({ limit: '16kb' });
  const userOf = (id: unknown) => (typeof id === 'string' ? deps.accounts.bySub(id) : undefined);
  const rolesOf = (account: DemoAccount) => account.roles ?? deps.realmRoles.slice(0, 1);
  const attributeChange = (attributes: z.infer<typeof AttributesSchema> | undefined) =>
    attributes === undefined
      ? {}
      : {
          customerNumber: attributes.customerNumber?.[0] ?? null,
          phone: attributes.phone?.[0] ?? '',
          ...(attributes.phase?.[0] ? { phase: attributes.phase[0] } : {}),
          ...(attributes.onboarded?.[0] ? { onboarded: attributes.onboarded[0] === 'true' } : {}),
          locale: attributes.locale?.[0],
        };

  return createStandIn({
    apiPath: '/realms/kundenportal',
    auth: { verify, realm: 'kundenportal' },
    onReset: () => {
      deps.accounts.reset();
      deps.lockout.reset();
      deps.onReset?.();
    },
    api(api) {
      api.use(requireRole);
      api.get('/users', (req, res) => {
        const email = typeof req.query.email === 'string' ? req.query.email : '';
        if (email === '') return badRequest(res, 'email is required');
        const account = deps.accounts.byEmail(email);
        res.json(account ? [representation(account)] : []);
      });

      // Keycloak: 201 with the new user's URL in Location; 409 when the username or address is taken. Without
      // `credentials` the user has no password.
      api.post('/users', json, async (req, res) => {
        const body = NewUserSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { attributes } = body.data;
        const account = await deps.accounts.provision({
          email: body.data.email,
          givenName: body.data.firstName,
          familyName: body.data.lastName,
          phone: attributes.phone?.[0] ?? '',
          phase: attributes.phase?.[0] ?? 'PROJECT',
        });
        if (!account) {
          res.status(409).json({ errorMessage: 'User exists with same username' });
          return;
        }
        deps.accounts.update(account.sub, { emailVerified: body.data.emailVerified, enabled: body.data.enabled, ...attributeChange(attributes) });
        deps.log(`OIDC-Admin: Konto ${account.sub} angelegt (${account.phase})`);
        res.status(201).location(`${req.baseUrl}/users/${encodeURIComponent(account.sub)}`).end();
      });

      api.get('/roles/:name', (req, res) => {
        const name = String(req.params.name);
        if (!deps.realmRoles.includes(name)) return notFound(res);
        res.json({ id: `role-${name}`, name, composite: false, clientRole: false });
      });

      // The realm roles the account could still get (Keycloak: needs only view-users, unlike `GET roles/{name}`).
      api.get('/users/:id/role-mappings/realm/available', (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        const has = new Set(rolesOf(account));
        res.json(deps.realmRoles.filter((name) => !has.has(name)).map((name) => ({ id: `role-${name}`, name, composite: false, clientRole: false })));
      });

      api.get('/users/:id/role-mappings/realm', (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        res.json(rolesOf(account).map((name) => ({ id: `role-${name}`, name })));
      });

      api.post('/users/:id/role-mappings/realm', json, (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        const roles = RoleListSchema.safeParse(req.body);
        if (!roles.success) return badRequest(res, z.prettifyError(roles.error));
        const unknown = roles.data.find((role) => !deps.realmRoles.includes(role.name));
        if (unknown) return notFound(res);
        const next = [...new Set([...rolesOf(account), ...roles.data.map((role) => role.name)])];
        deps.accounts.update(account.sub, { roles: next });
        deps.log(`OIDC-Admin: Rollen von ${account.sub}: ${next.join(', ')}`);
        res.status(204).end();
      });

      api.delete('/users/:id/role-mappings/realm', json, (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        const roles = RoleListSchema.safeParse(req.body);
        if (!roles.success) return badRequest(res, z.prettifyError(roles.error));
        const removed = new Set(roles.data.map((role) => role.name));
        const next = rolesOf(account).filter((name) => !removed.has(name));
        deps.accounts.update(account.sub, { roles: next });
        deps.log(`OIDC-Admin: Rollen von ${account.sub}: ${next.join(', ') || '–'}`);
        res.status(204).end();
      });

      api.get('/users/:id', (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        res.json(representation(account));
      });

      api.put('/users/:id', json, async (req, res) => {
        const body = UserUpdateSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { firstName, lastName, attributes, ...rest } = body.data;
        const wasEnabled = userOf(req.params.id)?.enabled !== false;
        // Keycloak replaces the attributes as a whole when the representation carries them.
        const updated = deps.accounts.update(String(req.params.id), {
          ...rest,
          ...attributeChange(attributes),
          ...(firstName === undefined ? {} : { givenName: firstName }),
          ...(lastName === undefined ? {} : { familyName: lastName }),
        });
        if (updated === undefined) return notFound(res);
        if (updated === 'conflict') {
          res.status(409).json({ errorMessage: 'User exists with same email' });
          return;
        }
        deps.log(`OIDC-Admin: Konto ${updated.sub} geändert (${Object.keys(body.data).join(', ')})`);
        // An administrator's block signs the account out everywhere (Keycloak: the realm's event listener calls the
        // admin logout on it; docs/account.md).
        if (wasEnabled && updated.enabled === false) await deps.endSessions(updated.sub, 'disabled');
        res.status(204).end();
      });

      api.put('/users/:id/reset-password', json, async (req, res) => {
        const body = CredentialSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const account = userOf(req.params.id);
        const problem = passwordPolicyProblem(deps.passwordPolicy, body.data.value, account?.email ?? '');
        if (problem) {
          res.status(400).json({ error: `invalidPassword:${problem}`, error_description: 'Invalid password: does not meet the realm password policy.' });
          return;
        }
        if (!(await deps.accounts.setPassword(String(req.params.id), body.data.value))) return notFound(res);
        deps.log(`OIDC-Admin: Passwort von ${String(req.params.id)} gesetzt`);
        res.status(204).end();
      });

      // Keycloak's CredentialRepresentation list: a password, or nothing for an account that signs in with the e-mail
      // code only.
      api.get('/users/:id/credentials', (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        res.json(account.passwordHash === null ? [] : [{ id: `password-${account.sub}`, type: 'password', userLabel: 'Passwort' }]);
      });

      // Keycloak: removes every session of the user and sends each client's back-channel logout.
      api.post('/users/:id/logout', async (req, res) => {
        const account = userOf(req.params.id);
        if (!account) return notFound(res);
        const ended = await deps.endSessions(account.sub, 'admin-logout');
        deps.log(`OIDC-Admin: Konto ${account.sub} überall abgemeldet (${ended} Sitzungen)`);
        res.status(204).end();
      });

      api.delete('/users/:id', async (req, res) => {
        const id = String(req.params.id);
        if (!deps.accounts.delete(id)) return notFound(res);
        deps.lockout.unblock(id);
        // Keycloak removes a deleted user's sessions; the sandbox also tells the portal, so no session outlives it.
        await deps.endSessions(id, 'deleted');
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
