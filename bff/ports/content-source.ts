import type { Language } from '../contracts/auth.ts';
import type { Article, CmsContact, FaqCategory, Instruction, PrivacyPolicy, SupportQuestion } from '../contracts/help.ts';
import type { LeadContentEntry } from '../contracts/lead.ts';
import type { SurveyDefinition } from '../contracts/surveys.ts';

/** What can be cached and invalidated, one key per kind of content (and language, see help.service.ts). */
export type ContentKey = 'faqs' | 'articles' | 'instructions' | 'privacy-policy' | 'support-questions' | 'contact' | 'survey-definitions' | 'lead-contents';
/** One cached body: a kind of content as shown in one language, e.g. `faqs:en` (English with German fallback). */
export type ContentCacheKey = `${ContentKey}:${Language}`;

/**
 * The headless CMS (Strapi) with its content in German (`de`, the default) and English (`en`). Every method answers
 * the entries that exist in `locale`, marked with `lang: locale`; falling back to German is the help service's job.
 * Adapter: adapters/strapi-content.ts. Rejects with UPSTREAM.UNAVAILABLE when the CMS fails or does not answer in
 * time; the help service then serves its cache.
 */
export interface ContentSource {
  /** Published FAQ categories with their published FAQs, both in editor-defined order. */
  faqs(locale: Language): Promise<FaqCategory[]>;
  articles(locale: Language): Promise<Article[]>;
  instructions(locale: Language): Promise<Instruction[]>;
  /** Null when the policy has no entry in this language. */
  privacyPolicy(locale: Language): Promise<PrivacyPolicy | null>;
  supportQuestions(limit: number, locale: Language): Promise<SupportQuestion[]>;
  /** Null when the contact has no entry in this language. */
  contact(locale: Language): Promise<CmsContact | null>;
  /** Published survey definitions (questions with their five star labels; docs/surveys.md). */
  surveyDefinitions(locale: Language): Promise<SurveyDefinition[]>;
  /** Published lead contents, one per topic (the CMS keeps them in German only). */
  leadContents(): Promise<LeadContentEntry[]>;
  /** An uploaded file (`/uploads/<file>`), or null when there is none. */
  media(file: string): Promise<{ contentType: string; body: ReadableStream<Uint8Array> } | null>;
}
