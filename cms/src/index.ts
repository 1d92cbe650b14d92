import type { Core } from '@strapi/strapi';
import { assertProductionConfig } from '../config/lib/secrets';
import { ensureDemoEditor } from './bootstrap/demo-editor';
import { ensureEditorLabels } from './bootstrap/editor-labels';
import { ensureLocales } from './bootstrap/locales';
import { ensurePublicPermissions } from './bootstrap/public-permissions';
import { ensureRedaktionRole } from './bootstrap/redaktion-role';
import { seedContent } from './bootstrap/seed';
import { ensurePortalWebhook } from './bootstrap/webhook';

export default {
  /** Runs on start and develop (not on build), before the database is touched. */
  register() {
    assertProductionConfig();
  },

  /** Runs after all plugins have bootstrapped (the admin roles exist by then). Every step here is idempotent. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Locales first: the role's permissions name them and the seed writes German into `de`.
    await ensureLocales(strapi);
    await ensurePublicPermissions(strapi);
    const redaktionRoleId = await ensureRedaktionRole(strapi);
    await ensureDemoEditor(strapi, redaktionRoleId);
    await seedContent(strapi);
    await ensureEditorLabels(strapi);
    // Last: the seed's entry events are emitted right after each type commits, mostly before the webhook exists, so a
    // first start does not post one webhook per seeded entry to a portal that is still starting.
    await ensurePortalWebhook(strapi);
  },
};
