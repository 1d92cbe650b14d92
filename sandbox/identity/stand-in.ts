import type { StandIn } from '../stand-in-types.ts';
import { createIdentity } from './router.ts';

/** The OIDC identity provider with its German login pages, under the issuer's path (`/oidc`). */
export const identityStandIn: StandIn = {
  name: 'identity',
  async start({ config, issuer, dataDir, log, listening }) {
    const identity = await createIdentity(config, { issuer, dataDir, log, smtpPort: () => listening('smtp') ?? config.SMTP_PORT });
    return { mountPath: identity.mountPath || '/', router: identity.router, summary: `OIDC ${issuer}`, close: identity.close };
  },
};
