import * as z from 'zod/mini';

/**
 * The newsletter (docs/account.md "Newsletter"): the marketing service's contact and events, the banner on the
 * dashboard and the switch in the settings. Paths on the internal base.
 */
export const NEWSLETTER_API = {
  /** GET on the marketing-service contact path, returning isSubscribed and isNewsletterBannerSeen. */
  contact: 'marketing-service/contact',
  /** POST on the marketing-service event path, body with eventName. */
  event: 'marketing-service/event',
  /** POST /user/newsletter, the settings' switch (JSON or a plain form). */
  subscription: 'user/newsletter',
} as const;

/** The newsletter events. */
export const NEWSLETTER_EVENTS = ['newsletter_subscribed', 'newsletter_unsubscribed'] as const;
export type NewsletterEvent = (typeof NEWSLETTER_EVENTS)[number];

export const NewsletterStateSchema = z.object({
  isSubscribed: z.boolean(),
  isNewsletterBannerSeen: z.boolean(),
  /** Subscribed, but the double opt-in mail is not confirmed yet (the settings say so). */
  confirmationPending: z.optional(z.boolean()),
});
export type NewsletterState = z.infer<typeof NewsletterStateSchema>;

export const NewsletterEventSchema = z.strictObject({ eventName: z.enum(NEWSLETTER_EVENTS) });
export const NewsletterSubscriptionSchema = z.strictObject({ subscribed: z.boolean() });

/**
 * The state after an event (docs/account.md "Newsletter"), as the client assumes it before the answer (optimistic
 * update) and the server confirms it: subscribed only for newsletter_subscribed, and the banner counts as seen either
 * way.
 */
export function applyNewsletterEvent(state: NewsletterState, eventName: NewsletterEvent): NewsletterState {
  const isSubscribed = eventName === 'newsletter_subscribed';
  return { ...state, isSubscribed, isNewsletterBannerSeen: true, confirmationPending: isSubscribed ? (state.isSubscribed ? state.confirmationPending ?? false : true) : false };
}

/** Page services: the settings read the state, the dashboard its banner; null when the service does not answer. */
export interface NewsletterServices {
  state(): Promise<NewsletterState | null>;
  /** The state while the banner is still to be shown, else null (then no call to the marketing service at all). */
  banner(): Promise<NewsletterState | null>;
}
