import type { ServiceEndpoint } from '../config.ts';
import type { Analytics } from '../ports/analytics.ts';
import { createJsonClient } from './json-client.ts';

/**
 * Plausible's Events API (`POST /api/event`, JSON name/url/domain/referrer/props, the User-Agent header). Plausible
 * would also take X-Forwarded-For to count unique visitors; the portal never sends it (docs/consent.md).
 */
export function createHttpAnalytics(endpoint: ServiceEndpoint): Analytics {
  const client = createJsonClient(endpoint);
  return {
    async send(event) {
      const url = `https://${event.domain}${event.path}`;
      await client.request('/event', {
        method: 'POST',
        json: {
          name: event.name,
          url,
          domain: event.domain,
          ...(event.referrerPath ? { referrer: `https://${event.domain}${event.referrerPath}` } : {}),
          ...(event.props ? { props: event.props } : {}),
        },
        headers: { 'user-agent': event.userAgent.slice(0, 300) || 'unknown' },
      });
    },
  };
}
