import { CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';
import type { NewsletterEvent, NewsletterState } from '~/bff/contracts/newsletter.ts';
import { createNewsletterStore, sendNewsletterEvent } from './newsletterStore.ts';

/**
 * The banner's script (NewsletterBanner.astro): the buttons send the event as JSON instead of the plain form; the
 * store hides the banner at once (optimistic) and shows it again with a message when the call fails.
 * No framework: a few hundred bytes on the dashboard (its budget is 20 KB initial JavaScript).
 */
const root = document.querySelector<HTMLElement>('[data-newsletter]');
const banner = root?.querySelector<HTMLElement>('[data-newsletter-banner]');
const status = root?.querySelector<HTMLElement>('[data-newsletter-status]');

if (root && banner && status) {
  const store = createNewsletterStore(JSON.parse(root.dataset.state ?? '{}') as NewsletterState);
  store.subscribe((state) => {
    banner.hidden = state.isNewsletterBannerSeen;
  });
  const post = async (eventName: NewsletterEvent): Promise<NewsletterState> => {
    const response = await fetch(root.dataset.endpoint ?? '', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ eventName }),
    });
    if (!response.ok) throw new Error(`newsletter event answered ${response.status}`);
    return (await response.json()) as NewsletterState;
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-event]')) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      const eventName = button.dataset.event as NewsletterEvent;
      status.dataset.kind = 'info';
      status.textContent = eventName === 'newsletter_subscribed' ? (root.dataset.subscribedText ?? '') : (root.dataset.dismissedText ?? '');
      // The banner is gone: the focus goes to the message that replaced it.
      status.focus();
      void sendNewsletterEvent(store, eventName, post).then((result) => {
        if (result.ok) return;
        status.dataset.kind = 'error';
        status.setAttribute('role', 'alert');
        status.textContent = root.dataset.failedText ?? '';
        button.focus();
      });
    });
  }
}
