import * as z from 'zod/mini';
import { LanguageSchema } from './auth.ts';
import { ProductLineSchema, type ProductLine } from './projects.ts';
import { definePages } from './routes.ts';

/**
 * Help content from the CMS as the portal's pages see it (README "Help content (Strapi)"). Rich text keeps Strapi 5's
 * "blocks" structure; the site renders it itself (site/features/help/RichText.astro), so CMS content never becomes raw
 * HTML.
 */
export const TextNodeSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
  underline: z.optional(z.boolean()),
  strikethrough: z.optional(z.boolean()),
  code: z.optional(z.boolean()),
});
export const LinkNodeSchema = z.object({ type: z.literal('link'), url: z.string(), children: z.array(TextNodeSchema) });
export const InlineNodeSchema = z.union([TextNodeSchema, LinkNodeSchema]);
export type InlineNode = z.infer<typeof InlineNodeSchema>;

export const ImageSchema = z.object({
  url: z.string(),
  alternativeText: z.string(),
  width: z.number(),
  height: z.number(),
});
export type Image = z.infer<typeof ImageSchema>;

export const ListItemSchema = z.object({ type: z.literal('list-item'), children: z.array(InlineNodeSchema) });
export const BlockSchema = z.union([
  z.object({ type: z.literal('paragraph'), children: z.array(InlineNodeSchema) }),
  z.object({ type: z.literal('heading'), level: z.number(), children: z.array(InlineNodeSchema) }),
  z.object({ type: z.literal('quote'), children: z.array(InlineNodeSchema) }),
  z.object({ type: z.literal('code'), children: z.array(InlineNodeSchema) }),
  z.object({ type: z.literal('list'), format: z.enum(['ordered', 'unordered']), children: z.array(ListItemSchema) }),
  z.object({ type: z.literal('image'), image: ImageSchema }),
]);
export type Block = z.infer<typeof BlockSchema>;
export const RichTextSchema = z.array(BlockSchema);
export type RichText = z.infer<typeof RichTextSchema>;

/**
 * The language an entry is written in. In the English portal an entry without an English translation is the German
 * one (`lang: 'de'`): the site marks it `lang="de"` and says that it is only available in German.
 */
const lang = LanguageSchema;
/**
 * The CMS document an entry belongs to: the same in every language (slugs may differ between languages). Absent
 * only in content cached before it was read.
 */
const documentId = z.optional(z.string());

export const FaqSchema = z.object({
  slug: z.string(),
  documentId,
  lang,
  question: z.string(),
  answer: RichTextSchema,
  sortOrder: z.number(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqCategorySchema = z.object({
  slug: z.string(),
  documentId,
  lang,
  name: z.string(),
  sortOrder: z.number(),
  faqs: z.array(FaqSchema),
});
export type FaqCategory = z.infer<typeof FaqCategorySchema>;

export const ArticleProductLineSchema = z.union([ProductLineSchema, z.literal('GENERAL')]);

export const ArticleSchema = z.object({
  slug: z.string(),
  documentId,
  lang,
  title: z.string(),
  teaser: z.string(),
  body: RichTextSchema,
  productLine: ArticleProductLineSchema,
  cover: z.nullable(ImageSchema),
});
export type Article = z.infer<typeof ArticleSchema>;

export const FileSchema = z.object({ url: z.string(), name: z.string(), mime: z.string(), sizeKb: z.number() });
export type File = z.infer<typeof FileSchema>;

export const InstructionSchema = z.object({
  slug: z.string(),
  documentId,
  lang,
  title: z.string(),
  productLine: ProductLineSchema,
  body: RichTextSchema,
  file: z.nullable(FileSchema),
});
export type Instruction = z.infer<typeof InstructionSchema>;

export const PrivacyPolicySchema = z.object({
  lang,
  title: z.string(),
  body: RichTextSchema,
  validFrom: z.nullable(z.string()),
});
export type PrivacyPolicy = z.infer<typeof PrivacyPolicySchema>;

/** Topics a customer can pick when writing a message (the CMS query limit is 100). */
export const SUPPORT_QUESTION_LIMIT = 100;
/** A topic for a message; `parentId` makes it a sub-topic (chosen step by step). Older cached copies have none. */
export const SupportQuestionSchema = z.object({ id: z.string(), title: z.string(), parentId: z.optional(z.nullable(z.string())), lang });
export type SupportQuestion = z.infer<typeof SupportQuestionSchema>;
export const SupportQuestionsResponseSchema = z.object({ items: z.array(SupportQuestionSchema) });

/**
 * How customers reach the installer (Strapi single type "Kontakt"): phone, e-mail and hours, which editors keep.
 * The installer's name and postal address are not content: they come from the configuration (INSTALLER_NAME,
 * INSTALLER_ADDRESS), the one source the SEPA mandate and the powers of attorney use too.
 */
export const CmsContactSchema = z.object({
  lang,
  phone: z.string(),
  email: z.string(),
  /** Free text, e.g. "Montag bis Freitag 8–18 Uhr"; line breaks are kept. */
  hours: z.string(),
});
export type CmsContact = z.infer<typeof CmsContactSchema>;

/** The contact as pages show it: the CMS's part plus the installer's name and address lines from the configuration. */
export type Contact = CmsContact & { company: string; addressLines: string[] };

/** "Beispielweg 12, 04109 Leipzig" as the lines of a postal address. */
export const addressLines = (address: string) => address.split(/\s*,\s*/).filter(Boolean);

/** `GET /api/v1/internal/user/product/`: the product lines of the customer's projects. */
export const UserProductsResponseSchema = z.object({ productLines: z.array(ProductLineSchema) });
export type UserProductsResponse = z.infer<typeof UserProductsResponseSchema>;

/** The help page and the instructions and knowledge base of the files area. */
export const HELP_PAGES = {
  help: '/home/app/help',
  instructions: '/home/app/files/instructions',
  knowledgebase: '/home/app/files/knowledgebase',
} as const;

/** The help capability's pages (route table): help and privacy policy are CMS content, cached for visitors. */
export const HELP_PAGE_ROUTES = definePages([
  { path: '/privacy-policy', access: 'public', publicCache: true },
  { path: HELP_PAGES.knowledgebase, access: 'customer' },
  { path: `${HELP_PAGES.knowledgebase}/[slug]`, access: 'customer', sample: `${HELP_PAGES.knowledgebase}/so-funktioniert-deine-photovoltaikanlage` },
  { path: HELP_PAGES.instructions, access: 'customer', logVisit: true },
  { path: `${HELP_PAGES.instructions}/[slug]`, access: 'customer', sample: `${HELP_PAGES.instructions}/wechselrichter-mit-dem-internet-verbinden` },
  { path: HELP_PAGES.help, access: 'public', publicCache: true, nav: { labelKey: 'nav.help', order: 50, for: 'both' } },
]);

export const HELP_PATHS = {
  /** Internal base: the product lines of the customer's projects. */
  userProducts: 'user/product',
  /** Internal base: topics for a message (the CMS query limit is 100). */
  supportQuestions: 'tasks/support-questions',
  /** Strapi's publish webhook, below /api (machine caller, bearer secret). */
  cmsWebhook: '/api/cms/webhook',
} as const;

/** Where the portal serves CMS uploads (same origin, so the page CSP stays `img-src 'self'`). */
export const CMS_MEDIA_PATH = '/cms-media';

/**
 * Help content for pages, read in-process (`Astro.locals.services.help`). When the CMS is down and nothing is cached
 * yet the calls reject with UPSTREAM.UNAVAILABLE (the page answers 503 with a notice).
 */
export interface HelpServices {
  faqCategories(): Promise<FaqCategory[]>;
  articles(): Promise<Article[]>;
  /** One article; rejects with NOT_FOUND for an unknown slug. */
  article(slug: string): Promise<Article>;
  /** Every instruction, and the product lines of the customer's projects (null when they cannot be loaded). */
  instructionsPage(): Promise<{ instructions: Instruction[]; productLines: ProductLine[] | null }>;
  /** One instruction; rejects with NOT_FOUND for an unknown slug. */
  instruction(slug: string): Promise<Instruction>;
  privacyPolicy(): Promise<PrivacyPolicy>;
  /** The installer's contact, or null while the CMS has none (or is down with nothing cached): never rejects. */
  contact(): Promise<Contact | null>;
  /** Logs FAQ_CLICKED with the question for a signed-in customer; does nothing for visitors, never rejects. */
  faqOpened(faq: Pick<Faq, 'slug' | 'question'>): Promise<void>;
}
