import type { AnalyticsEvent } from '../contracts/consent.ts';

/**
 * Cookieless web analytics (Plausible-compatible Events API). Adapter: adapters/analytics.http.ts. The portal sends
 * the page path and the browser's user agent, never the visitor's IP address or any identifier.
 */
export interface Analytics {
  send(event: AnalyticsEvent & { domain: string; userAgent: string }): Promise<void>;
}
