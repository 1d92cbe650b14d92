import type { Core } from '@strapi/strapi';
import { REDAKTION_ROLE } from './redaktion-role';

/**
 * Demo editor for local development and the sandbox: a Strapi admin with the role Redaktion (redaktion-role.ts), so
 * content editors can try the CMS without registering. Created once; an existing account (by e-mail) keeps its data,
 * only the built-in Editor role that earlier versions gave it is swapped for Redaktion.
 */
export const DEMO_EDITOR = {
  email: 'redaktion@example.de',
  password: 'Redaktion2026!',
  firstname: 'Rita',
  lastname: 'Redaktion',
} as const;

/** Code of Strapi's built-in Editor role (admin `services/constants` EDITOR_CODE). */
const EDITOR_ROLE_CODE = 'strapi-editor';

/** On unless NODE_ENV=production: an account with a published password must not appear on a real server by accident. */
function demoEditorEnabled(): boolean {
  const flag = process.env.CMS_DEMO_EDITOR?.trim().toLowerCase();
  if (flag === 'true' || flag === '1') return true;
  if (flag === 'false' || flag === '0') return false;
  return process.env.NODE_ENV !== 'production';
}

export async function ensureDemoEditor(strapi: Core.Strapi, redaktionRoleId: number): Promise<void> {
  if (!demoEditorEnabled()) return;

  const users = strapi.service('admin::user');
  const existing = await users.findOneByEmail(DEMO_EDITOR.email, ['roles']);
  if (existing) {
    await moveFromEditorToRedaktion(strapi, existing, redaktionRoleId);
    return;
  }

  // The service hashes the password; registrationToken null marks the account as registered (no invite link).
  await users.create({
    email: DEMO_EDITOR.email,
    password: DEMO_EDITOR.password,
    firstname: DEMO_EDITOR.firstname,
    lastname: DEMO_EDITOR.lastname,
    isActive: true,
    registrationToken: null,
    preferedLanguage: 'de',
    roles: [redaktionRoleId],
  });
  strapi.log.info(`Demo editor ${DEMO_EDITOR.email} created (role ${REDAKTION_ROLE.code}).`);
}

/** Accounts created before the Redaktion role existed had the built-in Editor role; replace it, keep any other role. */
async function moveFromEditorToRedaktion(
  strapi: Core.Strapi,
  user: { id: number; roles?: { id: number; code: string }[] },
  redaktionRoleId: number,
): Promise<void> {
  const roles = user.roles ?? [];
  if (!roles.some((role) => role.code === EDITOR_ROLE_CODE)) return;
  const next = [...new Set([...roles.filter((role) => role.code !== EDITOR_ROLE_CODE).map((role) => role.id), redaktionRoleId])];
  await strapi.service('admin::user').updateById(user.id, { roles: next });
  strapi.log.info(`Demo editor ${DEMO_EDITOR.email}: role ${EDITOR_ROLE_CODE} replaced by ${REDAKTION_ROLE.code}.`);
}
