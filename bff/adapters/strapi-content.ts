import { z } from 'zod';
import type { Block, FaqCategory, Image, InlineNode, RichText } from '../contracts/help.ts';
import type { ServiceEndpoint } from '../config.ts';
import type { Language } from '../contracts/auth.ts';
import { CMS_MEDIA_PATH } from '../contracts/help.ts';
import { SurveyNameSchema } from '../contracts/surveys.ts';
import type { ContentSource } from '../ports/content-source.ts';
import { createJsonClient } from './json-client.ts';

const Media = z.looseObject({
  url: z.string(),
  name: z.string().default(''),
  alternativeText: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  mime: z.string().default('application/octet-stream'),
  size: z.number().default(0),
});
type Media = z.infer<typeof Media>;
const RawBlocks = z.array(z.looseObject({ type: z.string() })).default([]);

/** `/uploads/x.svg` (Strapi) -> `/cms-media/x.svg` (portal). Absolute URLs (a CDN provider) stay as they are. */
export function mediaUrl(url: string): string {
  return url.startsWith('/uploads/') ? `${CMS_MEDIA_PATH}/${url.slice('/uploads/'.length)}` : url;
}

function image(media: Media): Image {
  return {
    url: mediaUrl(media.url),
    alternativeText: media.alternativeText ?? '',
    width: media.width ?? 0,
    height: media.height ?? 0,
  };
}

function inline(node: Record<string, unknown>): InlineNode[] {
  if (node.type === 'text' && typeof node.text === 'string') {
    const marks = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
    return [{ type: 'text', text: node.text, ...Object.fromEntries(marks.filter((m) => node[m] === true).map((m) => [m, true])) }];
  }
  if (node.type === 'link' && typeof node.url === 'string' && Array.isArray(node.children)) {
    return [{ type: 'link', url: node.url, children: node.children.flatMap((c) => inline(c as Record<string, unknown>)).filter((c) => c.type === 'text') }];
  }
  return [];
}
const inlines = (children: unknown) =>
  Array.isArray(children) ? children.flatMap((c) => inline(c as Record<string, unknown>)) : [];

/** Strapi 5 "blocks" to the portal's RichText; unknown block types are dropped, never passed through as HTML. */
export function toRichText(raw: unknown): RichText {
  return RawBlocks.parse(raw ?? []).flatMap((block): Block[] => {
    switch (block.type) {
      case 'paragraph':
      case 'quote':
      case 'code':
        return [{ type: block.type, children: inlines(block.children) }];
      case 'heading':
        return [{ type: 'heading', level: Number(block.level) || 2, children: inlines(block.children) }];
      case 'list':
        return [
          {
            type: 'list',
            format: block.format === 'ordered' ? 'ordered' : 'unordered',
            children: (Array.isArray(block.children) ? block.children : []).map((item) => ({
              type: 'list-item' as const,
              children: inlines((item as { children?: unknown }).children),
            })),
          },
        ];
      case 'image': {
        const parsed = Media.safeParse(block.image);
        return parsed.success ? [{ type: 'image', image: image(parsed.data) }] : [];
      }
      default:
        return [];
    }
  });
}

const Category = z.looseObject({ documentId: z.string().optional(), slug: z.string(), name: z.string(), sortOrder: z.number().nullish() });
const FaqEntry = z.looseObject({
  documentId: z.string().optional(),
  slug: z.string(),
  question: z.string(),
  answer: z.unknown(),
  sortOrder: z.number().nullish(),
  category: Category.nullish(),
});
const ArticleEntry = z.looseObject({
  documentId: z.string().optional(),
  slug: z.string(),
  title: z.string(),
  teaser: z.string().default(''),
  body: z.unknown(),
  productLine: z.enum(['SOLAR', 'STORAGE', 'CHARGE', 'IQ', 'OFFGRID', 'HEAT_PUMP', 'GENERAL']).catch('GENERAL'),
  cover: Media.nullish(),
});
const InstructionEntry = z.looseObject({
  documentId: z.string().optional(),
  slug: z.string(),
  title: z.string(),
  body: z.unknown(),
  productLine: z.enum(['SOLAR', 'STORAGE', 'CHARGE', 'IQ', 'OFFGRID', 'HEAT_PUMP']),
  file: Media.nullish(),
});
const LeadContentEntry = z.looseObject({
  topic: z.enum(['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID']),
  title: z.string().nullish(),
  text: z.unknown(),
  media: Media.nullish(),
});
const PrivacyEntry = z.looseObject({ title: z.string().default('Datenschutzerklärung'), body: z.unknown(), validFrom: z.string().nullish() });
const SupportEntry = z.looseObject({ documentId: z.string(), title: z.string(), parent: z.looseObject({ documentId: z.string() }).nullish() });
const ContactEntry = z.looseObject({
  phone: z.string(),
  email: z.string(),
  hours: z.string().nullish(),
});
const StarQuestionEntry = z.looseObject({
  questionId: z.string().min(1).max(64),
  question: z.string(),
  labelOne: z.string(),
  labelTwo: z.string(),
  labelThree: z.string(),
  labelFour: z.string(),
  labelFive: z.string(),
});
const SurveyDefinitionEntry = z.looseObject({
  surveyName: z.string(),
  title: z.string(),
  intro: z.string().nullish(),
  questions: z.array(StarQuestionEntry).nullish(),
});
/**
 * Strapi's list answer. Its pagination metadata depends on the query: `page`/`pageSize` give `pageCount` and `total`,
 * `start`/`limit` give only `start`, `limit` and `total` — so nothing of it is required.
 */
const List = <T extends z.ZodType>(entry: T) =>
  z.object({
    data: z.array(entry),
    meta: z
      .looseObject({ pagination: z.looseObject({ pageCount: z.number().optional(), total: z.number().optional() }).optional() })
      .optional(),
  });

/** Whether another page follows: by `pageCount`, else by `total`, else by whether this page was full. */
export function hasNextPage(page: number, received: number, pagination: { pageCount?: number | undefined; total?: number | undefined } | undefined): boolean {
  if (pagination?.pageCount !== undefined) return page < pagination.pageCount;
  if (pagination?.total !== undefined) return page * PAGE_SIZE < pagination.total;
  return received === PAGE_SIZE;
}
/** Strapi caps a page at 100 entries (REST maxLimit), so lists are read page by page. */
const PAGE_SIZE = 100;

/**
 * The REST path of each CMS content type the portal reads, by the type's name. The CMS's table of its types
 * (cms/src/content-types.ts) is the source; the portal image has no cms/, so this copy is held to it by
 * strapi-content.test.ts (cms/README.md "Content types").
 */
export const STRAPI_PATHS = {
  'faq-category': 'faq-categories',
  faq: 'faqs',
  article: 'articles',
  instruction: 'instructions',
  'privacy-policy': 'privacy-policy',
  'support-question': 'support-questions',
  contact: 'contact',
  'lead-content': 'lead-contents',
  'survey-definition': 'survey-definitions',
} as const;

/** ContentSource over Strapi 5's public REST API (published entries only; read permission granted in cms bootstrap). */
export function createStrapiContentSource(endpoint: ServiceEndpoint): ContentSource {
  const client = createJsonClient(endpoint);
  const get = <T extends z.ZodType>(path: string, schema: T) => client.get(`/api/${path}`, schema);
  /** A single type in one language; Strapi answers 404 when it has no entry in that language. */
  const single = <T extends z.ZodType>(path: string, locale: Language, entry: T) =>
    client.request(`/api/${path}?locale=${locale}`, { schema: z.object({ data: entry }), nullOn404: true });
  async function all<T extends z.ZodType>(path: string, entry: T): Promise<z.infer<T>[]> {
    const items: z.infer<T>[] = [];
    for (let page = 1; ; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const body = await get(`${path}${separator}pagination[pageSize]=${PAGE_SIZE}&pagination[page]=${page}`, List(entry));
      items.push(...body.data);
      if (!hasNextPage(page, body.data.length, body.meta?.pagination)) return items;
    }
  }

  return {
    async faqs(locale) {
      const [faqs, categories] = await Promise.all([
        all(`${STRAPI_PATHS.faq}?locale=${locale}&populate=category&sort[0]=sortOrder:asc&sort[1]=question:asc`, FaqEntry),
        all(`${STRAPI_PATHS['faq-category']}?locale=${locale}&sort[0]=sortOrder:asc&sort[1]=name:asc`, Category),
      ]);
      return categories
        .map(
          (c): FaqCategory => ({
            slug: c.slug,
            ...(c.documentId ? { documentId: c.documentId } : {}),
            lang: locale,
            name: c.name,
            sortOrder: c.sortOrder ?? 0,
            faqs: faqs
              .filter((f) => f.category?.slug === c.slug)
              .map((f) => ({ slug: f.slug, ...(f.documentId ? { documentId: f.documentId } : {}), lang: locale, question: f.question, answer: toRichText(f.answer), sortOrder: f.sortOrder ?? 0 })),
          }),
        )
        .filter((c) => c.faqs.length > 0);
    },

    async articles(locale) {
      const list = await all(`${STRAPI_PATHS.article}?locale=${locale}&populate=cover&sort=title:asc`, ArticleEntry);
      return list.map((a) => ({
        slug: a.slug,
        ...(a.documentId ? { documentId: a.documentId } : {}),
        lang: locale,
        title: a.title,
        teaser: a.teaser,
        body: toRichText(a.body),
        productLine: a.productLine,
        cover: a.cover ? image(a.cover) : null,
      }));
    },

    async instructions(locale) {
      const list = await all(`${STRAPI_PATHS.instruction}?locale=${locale}&populate=file&sort=title:asc`, InstructionEntry);
      return list.map((i) => ({
        slug: i.slug,
        ...(i.documentId ? { documentId: i.documentId } : {}),
        lang: locale,
        title: i.title,
        productLine: i.productLine,
        body: toRichText(i.body),
        file: i.file ? { url: mediaUrl(i.file.url), name: i.file.name, mime: i.file.mime, sizeKb: Math.round(i.file.size) } : null,
      }));
    },

    async privacyPolicy(locale) {
      const answer = await single(STRAPI_PATHS['privacy-policy'], locale, PrivacyEntry);
      if (!answer) return null;
      const { data } = answer;
      return { lang: locale, title: data.title, body: toRichText(data.body), validFrom: data.validFrom ?? null };
    },

    async contact(locale) {
      const answer = await single(STRAPI_PATHS.contact, locale, ContactEntry);
      if (!answer) return null;
      const { data } = answer;
      return { lang: locale, phone: data.phone, email: data.email, hours: data.hours ?? '' };
    },

    async media(file) {
      // Strapi answers its admin page for paths outside /uploads (through a redirect): never followed.
      if (/^\.*$/.test(file)) return null;
      const response = await client.stream(`/uploads/${encodeURIComponent(file)}`, {}, { redirect: 'manual' });
      if (!response?.body) return null;
      return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', body: response.body };
    },

    async surveyDefinitions(locale) {
      const list = await all(`${STRAPI_PATHS['survey-definition']}?locale=${locale}&populate=questions&sort=surveyName:asc`, SurveyDefinitionEntry);
      // A survey name the portal does not know (a newer CMS) is left out rather than failing every survey page.
      return list.flatMap((entry) => {
        const name = SurveyNameSchema.safeParse(entry.surveyName);
        if (!name.success) return [];
        return [
          {
            surveyName: name.data,
            lang: locale,
            title: entry.title,
            intro: entry.intro ?? '',
            questions: (entry.questions ?? []).map(({ questionId, question, labelOne, labelTwo, labelThree, labelFour, labelFive }) => ({ questionId, question, labelOne, labelTwo, labelThree, labelFour, labelFive })),
          },
        ];
      });
    },

    async leadContents() {
      const list = await all(`${STRAPI_PATHS['lead-content']}?populate=media&sort=topic:asc`, LeadContentEntry);
      return list.map((entry) => ({
        topic: entry.topic,
        title: entry.title ?? '',
        text: toRichText(entry.text),
        // Only an image is shown on a card; a video (the type allows one) would need its own player.
        image: entry.media && entry.media.mime.startsWith('image/') ? image(entry.media) : null,
        lang: 'de' as const,
      }));
    },

    async supportQuestions(limit, locale) {
      const list = await get(
        `${STRAPI_PATHS['support-question']}?locale=${locale}&sort=sortOrder:asc&pagination[limit]=${limit}&populate[parent][fields][0]=title`,
        List(SupportEntry),
      );
      return list.data.map((q) => ({ id: q.documentId, title: q.title, parentId: q.parent?.documentId ?? null, lang: locale }));
    },
  };
}
