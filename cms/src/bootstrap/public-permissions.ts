import type { Core } from '@strapi/strapi';
import { CONTENT_TYPES, uidOf } from '../content-types';

/**
 * Everything the unauthenticated Content API may do: read the published help content the portal shows. The public
 * role of the users-permissions plugin gets exactly these actions on every start; anything else on that role is
 * removed, including the plugin's default sign-up and login actions (the portal has its own accounts; nobody signs in
 * to Strapi's Content API).
 */
export const PUBLIC_ACTIONS: readonly string[] = CONTENT_TYPES.flatMap(({ name, single }) =>
  // A single type has one entry: no findOne.
  single ? [`${uidOf(name)}.find`] : [`${uidOf(name)}.find`, `${uidOf(name)}.findOne`],
);

export async function ensurePublicPermissions(strapi: Core.Strapi): Promise<void> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) {
    strapi.log.warn('Public role of users-permissions is missing; public read permissions not set.');
    return;
  }
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const current: { id: number; action: string }[] = await permissions.findMany({
    where: { role: { id: role.id } },
    select: ['id', 'action'],
  });
  const wanted = new Set<string>(PUBLIC_ACTIONS);
  const have = new Set(current.map((p) => p.action));

  const extra = current.filter((p) => !wanted.has(p.action));
  if (extra.length > 0) {
    await permissions.deleteMany({ where: { id: { $in: extra.map((p) => p.id) } } });
  }
  const missing = PUBLIC_ACTIONS.filter((action) => !have.has(action));
  for (const action of missing) {
    await permissions.create({ data: { action, role: role.id } });
  }
  if (extra.length > 0 || missing.length > 0) {
    strapi.log.info(
      `Public role: ${missing.length} read permission(s) granted, ${extra.length} other permission(s) removed (${extra
        .map((p) => p.action)
        .join(', ') || 'none'}).`,
    );
  }
}
