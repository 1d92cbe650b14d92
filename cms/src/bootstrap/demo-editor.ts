import type { Core } from '@strapi/strapi';

/**
 * Demo editor for local development and the sandbox: a Strapi admin with the built-in Editor role, so content
 * editors can try the CMS without registering. Created once; an existing account (by e-mail) is left untouched.
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

export async function ensureDemoEditor(strapi: Core.Strapi): Promise<void> {
  if (!demoEditorEnabled()) return;

  const users = strapi.service('admin::user');
  const existing = await users.findOneByEmail(DEMO_EDITOR.email);
  if (existing) return;

  const editorRole = await strapi.service('admin::role').findOne({ code: EDITOR_ROLE_CODE });
  if (!editorRole) {
    strapi.log.warn(`Demo editor not created: admin role "${EDITOR_ROLE_CODE}" is missing.`);
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
    roles: [editorRole.id],
  });
  strapi.log.info(`Demo editor ${DEMO_EDITOR.email} created (role ${EDITOR_ROLE_CODE}).`);
}
