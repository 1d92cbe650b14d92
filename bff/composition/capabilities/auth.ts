import type { Language } from '../../contracts/auth.ts';
import { createBackchannelLogout } from '../../domain/auth/backchannel-logout.ts';
import { createSignIn } from '../../domain/auth/sign-in.ts';
import { authRoutes, backchannelLogoutRoutes } from '../../http/routes/auth.routes.ts';
import type { Adapters } from '../adapters.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    signIn: ReturnType<typeof createSignIn>;
    identityProvider: Adapters['identityProvider'];
    backchannelLogout: ReturnType<typeof createBackchannelLogout>;
    rememberLanguage: (userId: string, lang: Language) => Promise<void>;
  }
}

/** Sign-in and sign-out at the identity provider, the customer's language with the account (docs/security.md). */
export const authCapability = defineCapability({
  name: 'auth',
  needs: ['onboarding', 'lead'],
  build: ({ adapters, users, activity, sessions, config, warn }, { onboarding, lead }) => {
    /**
     * The customer's language, kept with the account and at the identity provider (Keycloak's `locale`), whose own mails
     * follow it; the provider being down costs only that (docs/architecture.md "Mails").
     */
    const identityLocale = (userId: string, lang: Language) =>
      adapters.identityAdmin.setLocale(userId, lang).catch((error: unknown) => warn('language not handed to the identity provider', { error }));
    return {
      identityProvider: adapters.identityProvider,
      backchannelLogout: createBackchannelLogout({ identityProvider: adapters.identityProvider, sessions }),
      rememberLanguage: async (userId: string, lang: Language) => {
        await users.setLanguage(userId, lang);
        await identityLocale(userId, lang);
      },
      signIn: createSignIn({
        users,
        languageChanged: identityLocale,
        activity,
        onboarding,
        leads: lead,
        appMetadataClaim: config.APP_METADATA_CLAIM,
        customerRoleId: config.CUSTOMER_ROLE_ID,
        leadRoleId: config.LEAD_ROLE_ID,
      }),
    };
  },
  routers: [
    ['auth', authRoutes],
    ['machine', backchannelLogoutRoutes],
  ],
});
