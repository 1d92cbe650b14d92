import { describe, expect, it } from 'vitest';
import type { NewsletterState } from '~/bff/contracts/newsletter.ts';
import { createNewsletterStore, sendNewsletterEvent } from './newsletterStore.ts';

const unseen: NewsletterState = { isSubscribed: false, isNewsletterBannerSeen: false };

describe('newsletter banner state', () => {
  it('updates optimistically before the server answers, then takes the server state', async () => {
    const store = createNewsletterStore(unseen);
    let answer: (state: NewsletterState) => void = () => undefined;
    const sending = sendNewsletterEvent(store, 'newsletter_subscribed', () => new Promise((resolve) => (answer = resolve)));
    expect(store.get()).toMatchObject({ isSubscribed: true, isNewsletterBannerSeen: true });
    answer({ isSubscribed: true, isNewsletterBannerSeen: true, confirmationPending: true });
    expect(await sending).toEqual({ ok: true });
    expect(store.get()).toEqual({ isSubscribed: true, isNewsletterBannerSeen: true, confirmationPending: true });
  });

  it('dismissing counts the banner as seen without subscribing', async () => {
    const store = createNewsletterStore(unseen);
    await sendNewsletterEvent(store, 'newsletter_unsubscribed', async () => ({ isSubscribed: false, isNewsletterBannerSeen: true }));
    expect(store.get()).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
  });

  it('rolls back to the state before when the service fails, and reports the error', async () => {
    const store = createNewsletterStore(unseen);
    const seen: NewsletterState[] = [];
    const unsubscribe = store.listen((state) => seen.push(state));
    const failure = new Error('503');
    const result = await sendNewsletterEvent(store, 'newsletter_subscribed', async () => {
      throw failure;
    });
    unsubscribe();
    expect(result).toEqual({ ok: false, error: failure });
    expect(store.get()).toEqual(unseen);
    // The banner disappeared at once and came back.
    expect(seen.map((s) => s.isNewsletterBannerSeen)).toEqual([true, false]);
  });
});
