import type { Core } from '@strapi/strapi';
import { assertProductionConfig } from '../config/lib/secrets';
import { ensureDemoEditor } from './bootstrap/demo-editor';

export default {
  /** Runs on start and develop (not on build), before the database is touched. */
  register() {
    assertProductionConfig();
  },

  /** Runs after all plugins have bootstrapped (the admin roles exist by then). Every step here is idempotent. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureDemoEditor(strapi);
  },
};
