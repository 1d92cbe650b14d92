import type { SessionUser } from '../../contracts/auth.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import { applyNewsletterEvent, type NewsletterEvent, type NewsletterServices, type NewsletterState } from '../../contracts/newsletter.ts';
import type { MarketingService } from '../../ports/marketing-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { OnboardingRepository } from '../repositories/account.ts';
import type { RequestContext } from '../request-context.ts';

/** How long the dashboard waits for the marketing service before it leaves the banner out. */
const BANNER_WAIT_MS = 1_500;

/**
 * The newsletter (docs/account.md "Newsletter"): the subscription lives at the marketing service (double opt-in there),
 * whether the banner was seen in the portal (UserMeta.newsletterBannerSeenAt). An event goes to the service first;
 * only when it took it is the banner marked as seen, so a failed call leaves both as they were (the site rolls its
 * optimistic state back).
 */
export function createNewsletterService(deps: { marketing: MarketingService; repository: OnboardingRepository; activity: ActivityService; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function state(user: SessionUser): Promise<NewsletterState> {
    const [contact, meta] = await Promise.all([deps.marketing.contact(user.email), deps.repository.state(user.id)]);
    const isSubscribed = contact !== null && contact.status !== 'UNSUBSCRIBED';
    return { isSubscribed, isNewsletterBannerSeen: meta.bannerSeenAt !== null, confirmationPending: contact?.status === 'PENDING' };
  }

  async function event(user: SessionUser, eventName: NewsletterEvent): Promise<NewsletterState> {
    const before = await state(user);
    await deps.marketing.sendEvent({ name: eventName, email: user.email, userId: user.id, firstName: user.firstName, lastName: user.lastName });
    if (await deps.repository.markBannerSeen(user.id, now())) await deps.activity.record(user, 'NEWSLETTER_BANNER_SEEN', {});
    return applyNewsletterEvent(before, eventName);
  }

  return {
    state,
    event,
    /** The settings' switch: the same events as the banner. */
    setSubscribed: (user: SessionUser, subscribed: boolean) => event(user, subscribed ? 'newsletter_subscribed' : 'newsletter_unsubscribed'),

    forRequest(ctx: RequestContext): NewsletterServices {
      const pageState = async () => {
        if (!ctx.user) return null;
        const user = ctx.user;
        return ctx.once(`newsletter:${user.id}`, async () => {
          try {
            return await state(user);
          } catch (error) {
            if (hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) return null;
            throw error;
          }
        });
      };
      return {
        state: pageState,
        async banner() {
          if (!ctx.user || (await deps.repository.state(ctx.user.id)).bannerSeenAt) return null;
          // The banner never holds the dashboard up for long: without a quick answer it is left out this time.
          return Promise.race([pageState(), new Promise<null>((resolve) => setTimeout(resolve, BANNER_WAIT_MS, null).unref())]);
        },
      };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
