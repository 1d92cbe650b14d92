import type { Core } from '@strapi/strapi';
import { CONTENT_TYPES, uidOf } from '../content-types';

/**
 * Admin role "Redaktion" for the people who maintain the portal's help content: create, read, update, delete and
 * publish the help content types (all fields) and use the media library (read, upload, edit), nothing else: no
 * settings, admin users, roles, webhooks or API tokens.
 *
 * The role is defined here, in code: every start creates it if missing and sets its permissions to exactly this list
 * (the admin role service diffs and only writes changes), so fields added to the content types later are covered and
 * a permission added in the admin panel does not survive a restart.
 */
export const REDAKTION_ROLE = {
  code: 'redaktion',
  name: 'Redaktion',
  description:
    'Pflegt die Hilfe-Inhalte des Kundenportals (FAQ, Wissensdatenbank, Anleitungen, Datenschutz, Kontakt, Umfragen) auf Deutsch und Englisch und die Mediathek.',
} as const;

export const HELP_CONTENT_TYPES: readonly string[] = CONTENT_TYPES.map(({ name }) => uidOf(name));

const CONTENT_ACTIONS = ['create', 'read', 'update', 'delete', 'publish'].map(
  (action) => `plugin::content-manager.explorer.${action}`,
);

/** Media library: browse, upload, edit metadata and replace, plus download and copy-link (both read-only). */
const MEDIA_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

type Permission = { action: string; subject?: string; properties?: { fields?: string[]; locales?: string[] }; conditions?: string[] };

async function redaktionPermissions(strapi: Core.Strapi): Promise<Permission[]> {
  const { actionProvider } = strapi.service('admin::permission');
  const actions = CONTENT_ACTIONS.map((id) => actionProvider.get(id)).filter(Boolean);
  if (actions.length !== CONTENT_ACTIONS.length) throw new Error('Content-manager actions are not registered.');
  // The same helper Strapi uses for its built-in Editor role: one permission per action and type, with every field
  // (including nested component fields) for the actions that are field-scoped.
  const scoped = actions.map((action: { subjects?: string[] }) => ({
    ...action,
    subjects: (action.subjects ?? []).filter((subject) => HELP_CONTENT_TYPES.includes(subject)),
  }));
  const content: Permission[] = strapi.service('admin::content-type').getPermissionsWithNestedFields(scoped);
  // Localized types: every language (without `locales` a permission covers none; i18n's own repair would give only
  // the default language).
  const locales = ((await strapi.plugin('i18n').service('locales').find()) as { code: string }[]).map((l) => l.code);
  const { isLocalizedContentType } = strapi.plugin('i18n').service('content-types');
  const withLocales = content.map((permission) =>
    permission.subject && isLocalizedContentType(strapi.getModel(permission.subject as never))
      ? { ...permission, properties: { ...permission.properties, locales } }
      : permission,
  );
  return [...withLocales, ...MEDIA_ACTIONS.map((action) => ({ action }))];
}

/** Creates or updates the role and its permissions; returns the role id. */
export async function ensureRedaktionRole(strapi: Core.Strapi): Promise<number> {
  const roles = strapi.service('admin::role');
  let role = await roles.findOne({ code: REDAKTION_ROLE.code });
  if (!role) {
    role = await roles.create({ ...REDAKTION_ROLE });
    strapi.log.info(`Admin role ${REDAKTION_ROLE.name} (${REDAKTION_ROLE.code}) created.`);
  }
  await roles.assignPermissions(role.id, await redaktionPermissions(strapi));
  return role.id as number;
}
