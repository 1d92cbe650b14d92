import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Config } from '~/bff/config.ts';

/**
 * The Keycloak realm of the portal (`deploy/keycloak/realm-kundenportal.json`, imported by Keycloak with
 * `--import-realm`). The sandbox provider reads the same file for everything it can stand in for: the two clients
 * (secrets, redirect and post-logout URIs, back-channel logout), the realm roles, the app-metadata claim, the lockout
 * threshold, the password policy, the update-password action and the lead login's e-mail code scope. So every test run
 * exercises the file, and a change there changes the sandbox too (docs/account.md "Identity provider").
 */
export const REALM_FILE = fileURLToPath(new URL('../../deploy/keycloak/realm-kundenportal.json', import.meta.url));

/**
 * Values of the file's `${NAME}` placeholders. Keycloak resolves them from its environment at import; the names are the
 * portal's own variables, so one environment configures both.
 */
function realmPlaceholders(config: Config): Record<string, string> {
  return {
    PUBLIC_URL: config.publicUrl,
    OIDC_CLIENT_ID: config.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: config.oidcClientSecret,
    OIDC_BACKCHANNEL_LOGOUT_URL: config.backchannelLogoutUrl,
    IDENTITY_ADMIN_CLIENT_ID: config.IDENTITY_ADMIN_CLIENT_ID,
    IDENTITY_ADMIN_CLIENT_SECRET: config.identityAdminClientSecret,
    CUSTOMER_ROLE_ID: config.CUSTOMER_ROLE_ID,
    LEAD_ROLE_ID: config.LEAD_ROLE_ID,
    SMTP_HOST: config.SMTP_HOST,
    SMTP_PORT: String(config.SMTP_PORT),
  };
}

/** The placeholders a realm text names, in order of appearance (`${NAME}` or `${NAME:default}`). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::[^}]*)?\}/g)].map((match) => match[1] ?? '');
}

/** Replaces every placeholder inside JSON string values; an unknown one without a default stops the start. */
export function resolvePlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)(?::([^}]*))?\}/g, (_match, name: string, fallback: string | undefined) => {
    const value = values[name] ?? fallback;
    if (value === undefined) throw new Error(`realm file: no value for \${${name}}`);
    // The value lands inside a JSON string literal.
    return JSON.stringify(value).slice(1, -1);
  });
}

/** Keycloak's claim names nest at unescaped dots (`a\.b.c` is claim `a.b`, member `c`). */
export function claimPath(name: string): string[] {
  return name.split(/(?<!\\)\./).map((part) => part.replaceAll('\\.', '.'));
}

const stringMap = z.record(z.string(), z.string());
const MapperSchema = z.object({ name: z.string(), protocolMapper: z.string(), config: stringMap.default({}) });
const ClientSchema = z.object({
  clientId: z.string().min(1),
  secret: z.string().min(16),
  enabled: z.boolean(),
  publicClient: z.boolean(),
  standardFlowEnabled: z.boolean(),
  directAccessGrantsEnabled: z.boolean(),
  serviceAccountsEnabled: z.boolean(),
  redirectUris: z.array(z.string()).default([]),
  attributes: stringMap.default({}),
  defaultClientScopes: z.array(z.string()).default([]),
  optionalClientScopes: z.array(z.string()).default([]),
});
const ExecutionSchema = z.object({
  authenticator: z.string().optional(),
  authenticatorConfig: z.string().optional(),
  authenticatorFlow: z.boolean().default(false),
  flowAlias: z.string().optional(),
  requirement: z.enum(['REQUIRED', 'ALTERNATIVE', 'CONDITIONAL', 'DISABLED']),
});
/** The parts of Keycloak's RealmRepresentation the sandbox provider reads. */
const RealmFileSchema = z.object({
  realm: z.string().min(1),
  bruteForceProtected: z.boolean(),
  permanentLockout: z.boolean(),
  failureFactor: z.number().int().min(1),
  passwordPolicy: z.string(),
  ssoSessionMaxLifespan: z.number().int().min(60),
  accessTokenLifespan: z.number().int().min(60),
  smtpServer: z.object({ from: z.email(), fromDisplayName: z.string() }),
  roles: z.object({ realm: z.array(z.object({ name: z.string().min(1) })) }),
  clientScopes: z.array(z.object({ name: z.string(), protocolMappers: z.array(MapperSchema).default([]) })),
  clients: z.array(ClientSchema),
  users: z.array(z.object({ serviceAccountClientId: z.string().optional(), clientRoles: z.record(z.string(), z.array(z.string())).default({}) })),
  requiredActions: z.array(z.object({ alias: z.string(), enabled: z.boolean(), config: stringMap.default({}) })),
  browserFlow: z.string(),
  authenticationFlows: z.array(z.object({ alias: z.string(), authenticationExecutions: z.array(ExecutionSchema) })),
  authenticatorConfig: z.array(z.object({ alias: z.string(), config: stringMap })),
});
export type RealmFile = z.infer<typeof RealmFileSchema>;

/** Keycloak's password policy string, the rules the sandbox checks (`length(10) and notEmail and …`). */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  notUsername: boolean;
  notEmail: boolean;
  /** How many earlier passwords a new one must differ from (passwordHistory). */
  history: number;
}

export function parsePasswordPolicy(policy: string): PasswordPolicy {
  const rules = new Map(
    policy
      .split(/\s+and\s+/)
      .filter(Boolean)
      .map((rule) => {
        const match = /^(\w+)(?:\((\d+)\))?$/.exec(rule.trim());
        if (!match) throw new Error(`realm file: unreadable password policy rule "${rule}"`);
        return [match[1] ?? '', match[2] === undefined ? undefined : Number(match[2])] as const;
      }),
  );
  return {
    minLength: rules.get('length') ?? 8,
    maxLength: rules.get('maxLength') ?? 64,
    notUsername: rules.has('notUsername'),
    notEmail: rules.has('notEmail'),
    history: rules.has('passwordHistory') ? (rules.get('passwordHistory') ?? 3) : 0,
  };
}

export type PasswordPolicyProblem = 'tooShort' | 'tooLong' | 'isEmail';

/**
 * Why a password breaks the policy, or null (the sandbox's pages word each reason). Keycloak's notEmail and
 * notUsername refuse a password equal to the address (the username is the address in this realm).
 */
export function passwordPolicyProblem(policy: PasswordPolicy, password: string, email: string): PasswordPolicyProblem | null {
  if (password.length < policy.minLength) return 'tooShort';
  if (password.length > policy.maxLength) return 'tooLong';
  if ((policy.notEmail || policy.notUsername) && password.toLowerCase() === email.toLowerCase()) return 'isEmail';
  return null;
}

export interface Realm {
  name: string;
  portalClient: {
    clientId: string;
    secret: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    backchannelLogoutUrl: string;
    backchannelLogoutSessionRequired: boolean;
    optionalScopes: string[];
  };
  adminClient: {
    clientId: string;
    secret: string;
    accessTokenLifespanSeconds: number;
    /** The realm-management roles of its service account. */
    roles: string[];
  };
  realmRoles: string[];
  appMetadataClaim: string;
  /** Wrong passwords in a row that block an account (Keycloak: failureFactor with permanent lockout). */
  lockoutAfter: number;
  passwordPolicy: PasswordPolicy;
  /** The update-password action: seconds after a sign-in within which it asks for no re-authentication. */
  updatePassword: { enabled: boolean; maxAuthAgeSeconds: number };
  /** The scope whose request makes the browser flow ask for the e-mail code first (the lead login). */
  emailCodeScope: string;
  sessionMaxSeconds: number;
  mail: { from: string; displayName: string };
}

function fail(message: string): never {
  throw new Error(`realm file: ${message}`);
}

/** Reads the parts of the realm file the sandbox stands in for, with the placeholders resolved. */
function readRealm(text: string, values: Record<string, string>): Realm {
  const file = RealmFileSchema.parse(JSON.parse(resolvePlaceholders(text, values)));
  const portalClientId = values.OIDC_CLIENT_ID ?? fail('OIDC_CLIENT_ID missing');
  const adminClientId = values.IDENTITY_ADMIN_CLIENT_ID ?? fail('IDENTITY_ADMIN_CLIENT_ID missing');
  const portal = file.clients.find((client) => client.clientId === portalClientId) ?? fail(`no client ${portalClientId}`);
  const admin = file.clients.find((client) => client.clientId === adminClientId) ?? fail(`no client ${adminClientId}`);
  const serviceAccount = file.users.find((user) => user.serviceAccountClientId === adminClientId) ?? fail('no service account user');

  const mappers = file.clientScopes.filter((scope) => portal.defaultClientScopes.includes(scope.name)).flatMap((scope) => scope.protocolMappers);
  const rolesMapper = mappers.find((mapper) => mapper.protocolMapper === 'oidc-usermodel-realm-role-mapper') ?? fail('no realm role mapper on the portal client');
  const [claim] = claimPath(rolesMapper.config['claim.name'] ?? '');

  const conditions = file.authenticationFlows
    .filter((flow) => flow.authenticationExecutions.some((execution) => execution.authenticator === 'ext-email-otp' && execution.requirement === 'REQUIRED'))
    .flatMap((flow) => flow.authenticationExecutions.filter((execution) => execution.authenticator === 'conditional-client-scope'))
    .map((execution) => file.authenticatorConfig.find((config) => config.alias === execution.authenticatorConfig)?.config)
    .filter((config) => config?.negate !== 'true');
  const emailCodeScope = conditions[0]?.client_scope ?? fail('no flow asks for the e-mail code on a client scope');

  const updatePassword = file.requiredActions.find((action) => action.alias === 'UPDATE_PASSWORD');
  return {
    name: file.realm,
    portalClient: {
      clientId: portal.clientId,
      secret: portal.secret,
      redirectUris: portal.redirectUris,
      postLogoutRedirectUris: (portal.attributes['post.logout.redirect.uris'] ?? '').split('##').filter(Boolean),
      backchannelLogoutUrl: portal.attributes['backchannel.logout.url'] ?? fail('the portal client has no back-channel logout URL'),
      backchannelLogoutSessionRequired: portal.attributes['backchannel.logout.session.required'] === 'true',
      optionalScopes: portal.optionalClientScopes,
    },
    adminClient: {
      clientId: admin.clientId,
      secret: admin.secret,
      accessTokenLifespanSeconds: Number(admin.attributes['access.token.lifespan'] ?? file.accessTokenLifespan),
      roles: serviceAccount.clientRoles['realm-management'] ?? [],
    },
    realmRoles: file.roles.realm.map((role) => role.name),
    appMetadataClaim: claim ?? fail('the realm role mapper names no claim'),
    lockoutAfter: file.bruteForceProtected && file.permanentLockout ? file.failureFactor : fail('the sandbox stands in for permanent lockout only'),
    passwordPolicy: parsePasswordPolicy(file.passwordPolicy),
    updatePassword: { enabled: updatePassword?.enabled ?? false, maxAuthAgeSeconds: Number(updatePassword?.config.max_auth_age ?? 300) },
    emailCodeScope,
    sessionMaxSeconds: file.ssoSessionMaxLifespan,
    mail: { from: file.smtpServer.from, displayName: file.smtpServer.fromDisplayName },
  };
}

export function loadRealm(config: Config, file = REALM_FILE): Realm {
  return readRealm(readFileSync(file, 'utf8'), realmPlaceholders(config));
}
