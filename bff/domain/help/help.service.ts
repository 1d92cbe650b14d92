import * as z from 'zod/mini';
import {
  ArticleSchema,
  FaqCategorySchema,
  InstructionSchema,
  PrivacyPolicySchema,
  SUPPORT_QUESTION_LIMIT,
  SupportQuestionSchema,
  type HelpServices,
} from '../../contracts/help.ts';
import type { ProductLine } from '../../contracts/projects.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import type { ContentKey, ContentSource } from '../../ports/content-source.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { toProjectSummary } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { ContentCache } from './content-cache.ts';

/** Which cached content a CMS model's change affects (Strapi sends the model name in its webhook). */
export const CONTENT_KEYS_BY_MODEL: Record<string, ContentKey[]> = {
  faq: ['faqs'],
  'faq-category': ['faqs'],
  article: ['articles'],
  instruction: ['instructions'],
  'privacy-policy': ['privacy-policy'],
  'support-question': ['support-questions'],
  // A changed or deleted file can sit in any of them.
  file: ['faqs', 'articles', 'instructions', 'privacy-policy'],
};

/** Help content for pages and the internal API: cached CMS reads plus the customer-specific parts. */
export function createHelpService(deps: {
  content: ContentSource;
  cache: ContentCache;
  projects: ProjectAccess;
  activity: ActivityService;
  warn?: (message: string, fields: Record<string, unknown>) => void;
}) {
  const loaders: Record<ContentKey, () => Promise<unknown>> = {
    faqs: () => deps.content.faqs(),
    articles: () => deps.content.articles(),
    instructions: () => deps.content.instructions(),
    'privacy-policy': () => deps.content.privacyPolicy(),
    'support-questions': () => deps.content.supportQuestions(SUPPORT_QUESTION_LIMIT),
  };
  const cached = <S extends z.ZodMiniType>(key: ContentKey, schema: S) =>
    deps.cache.get(key, loaders[key] as () => Promise<z.output<S>>, (body) => z.parse(schema, body));

  const shared = {
    faqCategories: () => cached('faqs', z.array(FaqCategorySchema)),
    articles: () => cached('articles', z.array(ArticleSchema)),
    instructions: () => cached('instructions', z.array(InstructionSchema)),
    privacyPolicy: () => cached('privacy-policy', PrivacyPolicySchema),
    supportQuestions: () => cached('support-questions', z.array(SupportQuestionSchema)),
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
      if (keys.length > 0) await deps.cache.invalidate(keys, (key) => loaders[key]());
      if (keys.length > 0) version += 1;
      return keys;
    },

    /** The page-facing services, bound to the request's customer (or a visitor). */
    forRequest(ctx: RequestContext): HelpServices {
      return {
        faqCategories: shared.faqCategories,
        articles: shared.articles,
        privacyPolicy: shared.privacyPolicy,
        article: (slug) => bySlug(shared.articles(), slug, 'Diesen Artikel'),
        instruction: (slug) => bySlug(shared.instructions(), slug, 'Diese Anleitung'),
        async instructionsPage() {
          const [instructions, productLines] = await Promise.all([shared.instructions(), productLinesOrNull(ctx)]);
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
