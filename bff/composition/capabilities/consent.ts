import { CONSENT_PAGE_ROUTES } from '../../contracts/consent.ts';
import { createConsentService } from '../../domain/consent/consent.service.ts';
import { consentRoutes, mapRoutes } from '../../http/routes/consent.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    consent: ReturnType<typeof createConsentService>;
    analytics: ReturnType<typeof createConsentService>;
  }
}

/** The visitor's consent and what it opens: analytics, maps, reviews (docs/consent.md). */
export const consentCapability = defineCapability({
  name: 'consent',
  needs: [],
  build: ({ adapters, projects, config, warn }) => {
    const consent = createConsentService({ analytics: adapters.analytics, maps: adapters.maps, reviews: adapters.reviews, projects, domain: new URL(config.publicUrl).hostname, warn });
    return { consent, analytics: consent };
  },
  routers: [
    ['public', consentRoutes],
    ['internal', mapRoutes],
  ],
  pageRoutes: CONSENT_PAGE_ROUTES,
  pages: (s) => ({ externalMedia: { reviews: () => s.consent.reviews() } }),
});
