import type { Core } from '@strapi/strapi';
import { secret } from './lib/secrets';

const config = (): Core.Config.Admin => ({
  auth: {
    secret: secret('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: secret('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: secret('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: secret('ENCRYPTION_KEY'),
  },
  autoOpen: false,
  // No outbound calls: the AI features talk to strapi.io, NPS and EE promotion are marketing.
  ai: { enabled: false },
  flags: {
    nps: false,
    promoteEE: false,
  },
});

export default config;
