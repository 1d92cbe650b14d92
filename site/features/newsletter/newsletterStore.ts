import { atom, type WritableAtom } from 'nanostores';
import { applyNewsletterEvent, type NewsletterEvent, type NewsletterState } from '~/bff/contracts/newsletter.ts';

export type NewsletterStore = WritableAtom<NewsletterState>;

/** The dashboard's newsletter state (the banner's island); starts with what the server rendered. */
export const createNewsletterStore = (initial: NewsletterState): NewsletterStore => atom(initial);

/**
 * The state changes at once (subscribed only for newsletter_subscribed, the banner counts as seen),
 * then the event goes to the server. If it fails, the state the customer had comes back, and the caller shows why.
 * The server's answer, when there is one, is the state from then on (docs/account.md "Newsletter").
 */
export async function sendNewsletterEvent(
  store: NewsletterStore,
  eventName: NewsletterEvent,
  post: (eventName: NewsletterEvent) => Promise<NewsletterState>,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const before = store.get();
  store.set(applyNewsletterEvent(before, eventName));
  try {
    store.set(await post(eventName));
    return { ok: true };
  } catch (error) {
    store.set(before);
    return { ok: false, error };
  }
}
