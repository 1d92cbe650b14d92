import type { StrapiApp } from '@strapi/strapi/admin';

export default {
  config: {
    // Editors work in German; English stays available as Strapi's default.
    locales: ['de'],
    // Both make the editor's browser call external sites (GitHub release check, tutorial videos).
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap(_app: StrapiApp) {},
};
