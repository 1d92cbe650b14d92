import type { Article, FaqCategory, Instruction, PrivacyPolicy, SupportQuestion } from '../contracts/help.ts';

/** What can be cached and invalidated, one key per kind of content. */
export type ContentKey = 'faqs' | 'articles' | 'instructions' | 'privacy-policy' | 'support-questions';

/**
 * The headless CMS (Strapi). Adapter: adapters/strapi-content.ts. Rejects with UPSTREAM.UNAVAILABLE when the CMS fails
 * or does not answer in time; the help service then serves its cache.
 */
export interface ContentSource {
  /** Published FAQ categories with their published FAQs, both in editor-defined order. */
  faqs(): Promise<FaqCategory[]>;
  articles(): Promise<Article[]>;
  instructions(): Promise<Instruction[]>;
  privacyPolicy(): Promise<PrivacyPolicy>;
  supportQuestions(limit: number): Promise<SupportQuestion[]>;
  /** An uploaded file (`/uploads/<file>`), or null when there is none. */
  media(file: string): Promise<{ contentType: string; body: ReadableStream<Uint8Array> } | null>;
}
