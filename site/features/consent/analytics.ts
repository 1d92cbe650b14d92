import { ANALYTICS_EVENT_PATH } from '~/bff/contracts/consent.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';

/**
 * The page view for the statistics (only on pages of a visitor who agreed; docs/consent.md): the path without the
 * query (it may carry personal data), the referrer's path on this site, nothing stored in the browser.
 */
const referrer = document.referrer ? new URL(document.referrer) : null;
void fetch(ANALYTICS_EVENT_PATH, {
  method: 'POST',
  keepalive: true,
  headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
  body: JSON.stringify({
    name: 'pageview',
    path: location.pathname,
    ...(referrer && referrer.origin === location.origin ? { referrerPath: referrer.pathname } : {}),
  }),
}).catch(() => undefined);
