import { describe, expect, it } from 'vitest';
import { applyNewsletterEvent } from './newsletter.ts';
import { isDeleteConfirmation } from './account.ts';

describe('deletion confirmation', () => {
  it('is exactly the word of either language in capitals, spaces around do not count', () => {
    expect(isDeleteConfirmation(' LÖSCHEN ')).toBe(true);
    expect(isDeleteConfirmation('DELETE')).toBe(true);
    expect(isDeleteConfirmation('löschen')).toBe(false);
    expect(isDeleteConfirmation('Löschen')).toBe(false);
    expect(isDeleteConfirmation('delete')).toBe(false);
    expect(isDeleteConfirmation('LOESCHEN')).toBe(false);
    expect(isDeleteConfirmation('ja')).toBe(false);
    expect(isDeleteConfirmation('')).toBe(false);
  });
});

describe('newsletter state after an event', () => {
  const start = { isSubscribed: false, isNewsletterBannerSeen: false };
  it('is subscribed only for newsletter_subscribed; the banner counts as seen either way', () => {
    expect(applyNewsletterEvent(start, 'newsletter_subscribed')).toMatchObject({ isSubscribed: true, isNewsletterBannerSeen: true, confirmationPending: true });
    expect(applyNewsletterEvent({ isSubscribed: true, isNewsletterBannerSeen: true }, 'newsletter_unsubscribed')).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
    expect(applyNewsletterEvent(start, 'newsletter_unsubscribed')).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
  });
});
