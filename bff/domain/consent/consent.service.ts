import type { SessionUser } from '../../contracts/auth.ts';
import type { AnalyticsEvent } from '../../contracts/consent.ts';
import type { Analytics } from '../../ports/analytics.ts';
import type { FileStream } from '../../ports/document-service.ts';
import type { Maps, ReviewPlatform } from '../../ports/external-media.ts';
import { notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';

export interface ReviewsSummary {
  rating: number;
  count: number;
  profileUrl: string;
  reviewUrl: string;
}

/**
 * What runs only after consent (docs/consent.md): analytics forwarding, the installation's map and the
 * review platform's rating. The callers check the consent; this service only talks to the services.
 */
export function createConsentService(deps: { analytics: Analytics; maps: Maps; reviews: ReviewPlatform; projects: ProjectAccess; domain: string; warn: (message: string, fields?: Record<string, unknown>) => void }) {
  return {
    record: (event: AnalyticsEvent, userAgent: string) => deps.analytics.send({ ...event, domain: deps.domain, userAgent }),

    /** The map of a customer's project address (PNG); another customer's project is NOT_FOUND. */
    async map(user: SessionUser, projectId: number): Promise<FileStream> {
      const project = await deps.projects.ownedProject(user.id, projectId);
      const { street, houseNumber, zip, city } = project.address;
      const map = await deps.maps.staticMap(`${street} ${houseNumber}, ${zip} ${city}, Deutschland`, { width: 640, height: 320 });
      if (!map) throw notFound('Diese Karte gibt es nicht.');
      return map;
    },

    /** The rating for the reviews widget; null when the platform does not answer (the widget is left out). */
    async reviews(): Promise<ReviewsSummary | null> {
      try {
        return await deps.reviews.summary();
      } catch (error) {
        deps.warn('reviews widget left out', { error });
        return null;
      }
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
