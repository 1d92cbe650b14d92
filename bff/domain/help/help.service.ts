import * as z from 'zod/mini';
import type { Language } from '../../contracts/auth.ts';
import {
  ArticleSchema,
  CmsContactSchema,
  FaqCategorySchema,
  InstructionSchema,
  PrivacyPolicySchema,
  SUPPORT_QUESTION_LIMIT,
  SupportQuestionSchema,
  addressLines,
  type Contact,
  type HelpServices,
} from '../../contracts/help.ts';
import type { ProductLine } from '../../contracts/projects.ts';
import { LeadContentEntrySchema, type LeadContentEntry } from '../../contracts/lead.ts';
import { SurveyDefinitionSchema, type SurveyDefinition } from '../../contracts/surveys.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import type { ContentCacheKey, ContentKey, ContentSource } from '../../ports/content-source.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { toProjectSummary } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { ContentCache } from './content-cache.ts';
import { faqsOverGerman, overGermanByTitle, topicsOverGerman, translatedOver } from './translations.ts';

/** Which cached content a CMS model's change affects (Strapi sends the model name in its webhook). */
export const CONTENT_KEYS_BY_MODEL: Record<string, ContentKey[]> = {
  faq: ['faqs'],
  'faq-category': ['faqs'],
  article: ['articles'],
  instruction: ['instructions'],
  'privacy-policy': ['privacy-policy'],
  'support-question': ['support-questions'],
  contact: ['contact'],
  'survey-definition': ['survey-definitions'],
  'lead-content': ['lead-contents'],
  // A changed or deleted file can sit in any of them.
  file: ['faqs', 'articles', 'instructions', 'privacy-policy', 'lead-contents'],
};

// The cached contents' shapes, built once (a schema made per call is built anew on every page).
const FaqCategoriesSchema = z.array(FaqCategorySchema);
const ArticlesSchema = z.array(ArticleSchema);
const InstructionsSchema = z.array(InstructionSchema);
const MaybePrivacyPolicySchema = z.nullable(PrivacyPolicySchema);
const SupportQuestionsSchema = z.array(SupportQuestionSchema);
const SurveyDefinitionsSchema = z.array(SurveyDefinitionSchema);
const LeadContentEntriesSchema = z.array(LeadContentEntrySchema);
const MaybeCmsContactSchema = z.nullable(CmsContactSchema);

/** Help content for pages and the internal API: cached CMS reads plus the customer-specific parts. */
export function createHelpService(deps: {
  content: ContentSource;
  cache: ContentCache;
  projects: ProjectAccess;
  activity: ActivityService;
  /** The installer's legal name and postal address (INSTALLER_NAME, INSTALLER_ADDRESS): the contact's one source. */
  installer: { name: string; address: string };
  warn?: (message: string, fields: Record<string, unknown>) => void;
}) {
  const source = deps.content;
  /**
   * What each kind of content is in each language. English is read together with German and laid over it
   * (translations.ts), so an untranslated entry shows in German, marked `lang: 'de'`.
   */
  const loaders: Record<ContentKey, Record<Language, () => Promise<unknown>>> = {
    faqs: {
      de: () => source.faqs('de'),
      en: async () => faqsOverGerman(...(await Promise.all([source.faqs('de'), source.faqs('en')]))),
    },
    articles: {
      de: () => source.articles('de'),
      en: async () => {
        const [german, english] = await Promise.all([source.articles('de'), source.articles('en')]);
        return overGermanByTitle(german, english, ['productLine', 'cover']);
      },
    },
    instructions: {
      de: () => source.instructions('de'),
      en: async () => {
        const [german, english] = await Promise.all([source.instructions('de'), source.instructions('en')]);
        return overGermanByTitle(german, english, ['productLine', 'file']);
      },
    },
    'privacy-policy': {
      de: () => source.privacyPolicy('de'),
      en: async () => {
        const [german, english] = await Promise.all([source.privacyPolicy('de'), source.privacyPolicy('en')]);
        return german && english ? translatedOver(german, english, ['validFrom']) : (english ?? german);
      },
    },
    'support-questions': {
      de: () => source.supportQuestions(SUPPORT_QUESTION_LIMIT, 'de'),
      en: async () =>
        topicsOverGerman(
          ...(await Promise.all([source.supportQuestions(SUPPORT_QUESTION_LIMIT, 'de'), source.supportQuestions(SUPPORT_QUESTION_LIMIT, 'en')])),
        ).slice(0, SUPPORT_QUESTION_LIMIT),
    },
    contact: {
      de: () => source.contact('de'),
      // Only the hours are translated; phone and e-mail come from German, which is surely current.
      en: async () => {
        const [german, english] = await Promise.all([source.contact('de'), source.contact('en')]);
        return german && english ? translatedOver(german, english, ['phone', 'email']) : (english ?? german);
      },
    },
    // Survey questions (docs/surveys.md): an English survey replaces its German one as a whole (its questions are per
    // language).
    'survey-definitions': {
      de: () => source.surveyDefinitions('de'),
      en: async () => {
        const [german, english] = await Promise.all([source.surveyDefinitions('de'), source.surveyDefinitions('en')]);
        const byName = new Map(english.map((d) => [d.surveyName, d]));
        return [...german.map((d) => byName.get(d.surveyName) ?? d), ...english.filter((d) => !german.some((g) => g.surveyName === d.surveyName))];
      },
    },
    // Lead contents exist in German only: both languages show them, marked `lang: 'de'`.
    'lead-contents': {
      de: () => source.leadContents(),
      en: () => source.leadContents(),
    },
  };
  const LANGUAGES: readonly Language[] = ['de', 'en'];
  const load = (key: ContentCacheKey) => {
    const [kind, lang] = key.split(':') as [ContentKey, Language];
    return loaders[kind][lang]();
  };
  const cached = <S extends z.ZodMiniType>(kind: ContentKey, lang: Language, schema: S) => {
    const key: ContentCacheKey = `${kind}:${lang}`;
    return deps.cache.get(key, () => load(key) as Promise<z.output<S>>, (body) => z.parse(schema, body));
  };

  let lastContactWarning = 0;
  const shared = {
    faqCategories: (lang: Language) => cached('faqs', lang, FaqCategoriesSchema),
    articles: (lang: Language) => cached('articles', lang, ArticlesSchema),
    instructions: (lang: Language) => cached('instructions', lang, InstructionsSchema),
    privacyPolicy: async (lang: Language) => {
      const policy = await cached('privacy-policy', lang, MaybePrivacyPolicySchema);
      if (!policy) throw notFound('Die Datenschutzerklärung haben wir nicht gefunden.');
      return policy;
    },
    supportQuestions: (lang: Language) => cached('support-questions', lang, SupportQuestionsSchema),
    /** The survey definitions in a language, German where no translation exists. */
    surveyDefinitions: (lang: Language): Promise<SurveyDefinition[]> => cached('survey-definitions', lang, SurveyDefinitionsSchema),
    /** The lead contents, cached like every CMS read; German whatever the language. */
    leadContents: (lang: Language): Promise<LeadContentEntry[]> => cached('lead-contents', lang, LeadContentEntriesSchema),
    /**
     * Never rejects: the footer of every page shows it, and a page must not fail for it. While the CMS is down (and
     * nothing is cached) every page would log it; once a minute says the same.
     */
    contact: async (lang: Language): Promise<Contact | null> => {
      try {
        const cms = await cached('contact', lang, MaybeCmsContactSchema);
        return cms && { ...cms, company: deps.installer.name, addressLines: addressLines(deps.installer.address) };
      } catch (error) {
        if (Date.now() - lastContactWarning >= 60_000) {
          lastContactWarning = Date.now();
          deps.warn?.('contact not shown (said at most once a minute)', { error });
        }
        return null;
      }
    },
  };

  async function productLinesOf(userId: string, ctx?: RequestContext): Promise<ProductLine[]> {
    const projects = await deps.projects.projectsOf(userId, ctx);
    return [...new Set(projects.flatMap((p) => toProjectSummary(p).productLines))].sort();
  }

  /** For the instructions page: a failing management service shows every instruction instead of failing. */
  async function productLinesOrNull(ctx: RequestContext): Promise<ProductLine[] | null> {
    if (!ctx.user) return [];
    try {
      return await productLinesOf(ctx.user.id, ctx);
    } catch (error) {
      if (hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) return null;
      throw error;
    }
  }

  const bySlug = async <T extends { slug: string }>(list: Promise<T[]>, slug: string, what: string): Promise<T> => {
    const entry = (await list).find((e) => e.slug === slug);
    if (!entry) throw notFound(`${what} haben wir nicht gefunden.`);
    return entry;
  };

  /** Counts the CMS changes this instance was told about; pages rendered from content carry it as their version. */
  let version = 0;

  return {
    ...shared,
    productLinesOf,

    /** The version of the help content this instance serves (bff/http/middlewares/public-page-cache.ts). */
    contentVersion: () => version,

    /** The CMS webhook: which models changed decides which content is reloaded. */
    async contentChanged(model: string): Promise<ContentKey[]> {
      const keys = CONTENT_KEYS_BY_MODEL[model] ?? [];
      // Both languages: the English pages show German wherever a translation is missing.
      const cacheKeys = keys.flatMap((kind) => LANGUAGES.map((lang): ContentCacheKey => `${kind}:${lang}`));
      if (cacheKeys.length > 0) await deps.cache.invalidate(cacheKeys, load);
      if (keys.length > 0) version += 1;
      return keys;
    },

    /** The page-facing services, bound to the request's customer (or a visitor). */
    forRequest(ctx: RequestContext): HelpServices {
      const lang = ctx.lang;
      return {
        faqCategories: () => shared.faqCategories(lang),
        articles: () => shared.articles(lang),
        privacyPolicy: () => shared.privacyPolicy(lang),
        contact: () => shared.contact(lang),
        article: (slug) => bySlug(shared.articles(lang), slug, 'Diesen Artikel'),
        instruction: (slug) => bySlug(shared.instructions(lang), slug, 'Diese Anleitung'),
        async instructionsPage() {
          const [instructions, productLines] = await Promise.all([shared.instructions(lang), productLinesOrNull(ctx)]);
          return { instructions, productLines };
        },
        async faqOpened(faq) {
          if (!ctx.user) return;
          // Logging must never cost the customer the answer.
          await deps.activity.record(ctx.user, 'FAQ_CLICKED', { question: faq.question }).catch((error: unknown) => deps.warn?.('FAQ_CLICKED not logged', { error }));
        },
      };
    },

    /** An uploaded CMS file for the media proxy, or null. */
    media: (file: string) => deps.content.media(file),
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
