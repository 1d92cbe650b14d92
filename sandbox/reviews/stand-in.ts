import type { StandIn } from '../stand-in-types.ts';
import { backgroundSender, createEventSender } from '../shared/signed-events.ts';
import { createReviewsRouter } from './router.ts';
import { ReviewStore } from './store.ts';

/** Where the portal takes the review platform's events (bff/http/routes/surveys.routes.ts). */
const PORTAL_REVIEW_EVENTS_PATH = '/api/reviews/webhook';

/**
 * A review platform under `/reviews`: the installer's public rating for widgets, personal invitation links for the
 * portal's review invitations, the review page behind each link (German, for testers), and the report of every review
 * back to the portal (`review.created`, signed like the other vendors' events).
 */
export const reviewsStandIn: StandIn = {
  name: 'reviews',
  async start({ config, dataDir, log, url }) {
    const store = await ReviewStore.open(dataDir, log);
    const events = backgroundSender(
      createEventSender({ url: `${config.publicUrl}${PORTAL_REVIEW_EVENTS_PATH}`, secret: config.REVIEWS_WEBHOOK_SECRET, header: 'x-reviews-signature', label: 'Bewertungen', log }),
    );
    store.onReview((invitation) =>
      events.send('review.created', { invitationId: invitation.id, referenceId: invitation.referenceId, stars: invitation.review?.stars, createdAt: invitation.review?.createdAt }),
    );
    return {
      mountPath: '/reviews',
      router: createReviewsRouter(store, { apiKey: config.REVIEWS_API_KEY, url }),
      summary: 'Bewertungsplattform /reviews/',
      close: async () => {
        await events.drain();
        await store.flush();
      },
    };
  },
};
