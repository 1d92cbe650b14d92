import { describe, expect, it } from 'vitest';
import { applyNewsletterEvent } from './newsletter.ts';
import { isDeleteConfirmation, passwordProblem } from './account.ts';

describe('new password', () => {
  const context = { email: 'mehmet.yilmaz@example.de', currentPassword: 'Sonne2026!' };
  it('needs ten characters, some variety, not the address and not the old one', () => {
    expect(passwordProblem('Sonne-und-Wind-2026', context)).toBeNull();
    expect(passwordProblem('kurz', context)).toBe('weak');
    expect(passwordProblem('aaaaaaaaaaaa', context)).toBe('weak');
    expect(passwordProblem('mehmet.yilmaz-2026!', context)).toBe('weak');
    expect(passwordProblem('Sonne2026', context)).toBe('weak');
    expect(passwordProblem('Sonne-und-Wind-2026', { ...context, currentPassword: 'Sonne-und-Wind-2026' })).toBe('same');
  });
});

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

describe('newsletter state after an event (spec section 4)', () => {
  const start = { isSubscribed: false, isNewsletterBannerSeen: false };
  it('is subscribed only for newsletter_subscribed; the banner counts as seen either way', () => {
    expect(applyNewsletterEvent(start, 'newsletter_subscribed')).toMatchObject({ isSubscribed: true, isNewsletterBannerSeen: true, confirmationPending: true });
    expect(applyNewsletterEvent({ isSubscribed: true, isNewsletterBannerSeen: true }, 'newsletter_unsubscribed')).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
    expect(applyNewsletterEvent(start, 'newsletter_unsubscribed')).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
  });
});
