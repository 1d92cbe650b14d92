import type { Core } from '@strapi/strapi';
import { appKeys } from './lib/secrets';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', 'localhost'),
  // STRAPI_PORT rather than PORT: the root launcher runs several apps and PORT belongs to none of them.
  port: env.int('STRAPI_PORT', 1337),
  ...(env('STRAPI_PUBLIC_URL') ? { url: env('STRAPI_PUBLIC_URL') } : {}),
  app: {
    keys: appKeys(),
  },
  cron: { enabled: false },
  logger: {
    // Strapi 5.54 ignores STRAPI_DISABLE_UPDATE_NOTIFICATION; this switch stops the npm registry version check.
    updates: { enabled: false },
  },
  webhooks: {
    populateRelations: false,
  },
});

export default config;
