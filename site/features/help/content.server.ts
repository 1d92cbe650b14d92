import { CONTENT_UNAVAILABLE, type Faq, type HelpServices } from '../../../bff/contracts/help.ts';
import type { ProductLine } from '../../../bff/contracts/projects.ts';

export type Loaded<T> = { available: true; value: T } | { available: false };

/** What the BFF's services reject with when an external service does not answer (session.ts). */
const UPSTREAM_UNAVAILABLE = 'UPSTREAM.UNAVAILABLE';
/** Seconds a browser or proxy is asked to wait before trying a 503 page again. */
export const RETRY_AFTER_SECONDS = 120;

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Help content for a page. `{ available: false }` only when the CMS is down and nothing is cached
 * (CONTENT.UNAVAILABLE): the page then answers 503 with a notice inside the normal layout. Any other failure is a
 * fault and goes on to Astro's 500 page.
 */
export async function loadContent<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { available: true, value: await load() };
  } catch (error) {
    if (codeOf(error) === CONTENT_UNAVAILABLE) return { available: false };
    throw error;
  }
}

/** Status and header of a page whose content is unavailable; call it in the page's frontmatter, before streaming. */
export function markUnavailable(response: {
  status?: number | undefined;
  statusText?: string | undefined;
  headers: Headers;
}): void {
  response.status = 503;
  response.statusText = 'Service Unavailable';
  response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
}

/** Logs FAQ_CLICKED for the opened question; a failure is logged here and never breaks the help page. */
export async function recordFaqOpened(help: Pick<HelpServices, 'faqOpened'>, faq: Faq): Promise<void> {
  try {
    await help.faqOpened({ slug: faq.slug, question: faq.question });
  } catch (error) {
    console.warn('[help] FAQ_CLICKED could not be logged', { slug: faq.slug, error });
  }
}

/**
 * The product lines of the customer's projects, or null when they cannot be loaded: the instructions list then
 * shows everything instead of failing.
 */
export async function loadMyProductLines(help: Pick<HelpServices, 'myProductLines'>): Promise<ProductLine[] | null> {
  try {
    return await help.myProductLines();
  } catch (error) {
    if (codeOf(error) !== UPSTREAM_UNAVAILABLE) console.error('[help] loading the customer’s product lines failed', error);
    return null;
  }
}
