import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Core, UID } from '@strapi/strapi';
import { CONTENT_TYPES, uidOf, type ContentTypeName } from '../content-types';
import { DEFAULT_LOCALE } from './locales';
import { toBlocks, type CompactRichText } from './rich-text';

/**
 * Seed content from `cms/seed/*.json` (German help content: FAQ, knowledge base, instructions, privacy policy,
 * support topics, lead content), created and published through the Document Service.
 *
 * Each content type is seeded at most once per database: only while it has no entry at all (draft or published) and
 * no seed marker exists yet. The marker (core store, `core_kundenportal-seed_<uid>`) is also set when a type already
 * had entries, so content that editors changed or deliberately deleted never comes back on a later start.
 */

type Media = { file: string; alternativeText: string };
type CategorySeed = { slug: string; name: string; sortOrder: number };
type FaqSeed = { slug: string; question: string; category: string; sortOrder: number; answer: CompactRichText };
type ArticleSeed = {
  slug: string;
  title: string;
  teaser: string;
  productLine: 'SOLAR' | 'STORAGE' | 'CHARGE' | 'IQ' | 'OFFGRID' | 'HEAT_PUMP' | 'GENERAL';
  cover: Media;
  body: CompactRichText;
};
type InstructionSeed = {
  slug: string;
  title: string;
  productLine: 'SOLAR' | 'STORAGE' | 'CHARGE' | 'IQ' | 'OFFGRID' | 'HEAT_PUMP';
  file?: Media;
  body: CompactRichText;
};
type PrivacySeed = { title: string; validFrom: string; body: CompactRichText };
/** `parent`: the German title of the topic this one is a sub-topic of (listed before it). */
type SupportQuestionSeed = { title: string; sortOrder: number; parent?: string };
type ContactSeed = { phone: string; email: string; hours: string };
type StarQuestionSeed = { questionId: string; question: string; labelOne: string; labelTwo: string; labelThree: string; labelFour: string; labelFive: string };
/** One survey per survey name (docs/surveys.md); the NPS question is the portal's own and not part of it. */
type SurveyDefinitionSeed = {
  surveyName: 'DC_INSTALLATION' | 'AC_INSTALLATION' | 'INSTALLATION_FEEDBACK' | 'CUSTOMER_SATISFACTION_FOLLOW_UP';
  title: string;
  intro: string;
  questions: StarQuestionSeed[];
};
type LeadContentSeed = { topic: 'IQ' | 'SOLAR' | 'STORAGE' | 'CHARGE' | 'OFFGRID'; title: string; media?: Media; text: CompactRichText };

const MIME_BY_EXTENSION: Record<string, string> = { '.pdf': 'application/pdf', '.png': 'image/png', '.mp4': 'video/mp4' };

class Seeder {
  private readonly dir: string;

  constructor(private readonly strapi: Core.Strapi) {
    this.dir = path.join(strapi.dirs.app.root, 'seed');
  }

  async json<T>(file: string): Promise<T> {
    return JSON.parse(await readFile(path.join(this.dir, file), 'utf8')) as T;
  }

  /**
   * A seed file in the media library, uploaded once (found again by its library name). SVG sources are rasterised to
   * PNG first: the upload policy (config/plugins.ts) keeps SVG, a script carrier, out of the media library. The upload
   * service stores width and height and builds the responsive formats.
   */
  async media({ file, alternativeText }: Media): Promise<number> {
    const isSvg = path.extname(file) === '.svg';
    const name = isSvg ? `${path.basename(file, '.svg')}.png` : file;
    const existing = await this.strapi.db.query('plugin::upload.file').findOne({ where: { name }, select: ['id'] });
    if (existing) return existing.id as number;

    const source = path.join(this.dir, 'media', file);
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'cms-seed-'));
    try {
      let filepath = source;
      if (isSvg) {
        filepath = path.join(tmp, name);
        await writeFile(filepath, await sharp(await readFile(source)).png({ compressionLevel: 9, palette: true }).toBuffer());
      }
      const mimetype = MIME_BY_EXTENSION[path.extname(name)];
      if (!mimetype) throw new Error(`Seed media ${file}: unsupported file type.`);
      const { size } = await stat(filepath);
      const [uploaded] = await this.strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { name, alternativeText, caption: null } },
          files: { filepath, originalFilename: name, mimetype, size },
        });
      return uploaded.id as number;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  async categories(): Promise<number> {
    const rows = await this.json<CategorySeed[]>('faq-categories.json');
    for (const row of rows) {
      await this.strapi.documents('api::faq-category.faq-category').create({ data: row, status: 'published' });
    }
    return rows.length;
  }

  async faqs(): Promise<number> {
    const rows = await this.json<FaqSeed[]>('faqs.json');
    const categories = await this.strapi.documents('api::faq-category.faq-category').findMany({
      status: 'published',
      fields: ['slug'],
      limit: 1000,
    });
    const categoryBySlug = new Map(categories.map((c) => [c.slug, c.documentId]));
    for (const { category, answer, ...row } of rows) {
      const categoryId = categoryBySlug.get(category);
      if (!categoryId) this.strapi.log.warn(`Seed FAQ "${row.slug}": category "${category}" not found, left empty.`);
      await this.strapi.documents('api::faq.faq').create({
        data: { ...row, answer: toBlocks(answer), ...(categoryId ? { category: categoryId } : {}) },
        status: 'published',
      });
    }
    return rows.length;
  }

  async articles(): Promise<number> {
    const rows = await this.json<ArticleSeed[]>('articles.json');
    for (const { cover, body, ...row } of rows) {
      await this.strapi.documents('api::article.article').create({
        data: { ...row, body: toBlocks(body), cover: await this.media(cover) },
        status: 'published',
      });
    }
    return rows.length;
  }

  async instructions(): Promise<number> {
    const rows = await this.json<InstructionSeed[]>('instructions.json');
    for (const { file, body, ...row } of rows) {
      await this.strapi.documents('api::instruction.instruction').create({
        data: { ...row, body: toBlocks(body), ...(file ? { file: await this.media(file) } : {}) },
        status: 'published',
      });
    }
    return rows.length;
  }

  async privacyPolicy(): Promise<number> {
    const { body, ...row } = await this.json<PrivacySeed>('privacy-policy.json');
    await this.strapi.documents('api::privacy-policy.privacy-policy').create({
      data: { ...row, body: toBlocks(body) },
      status: 'published',
    });
    return 1;
  }

  async supportQuestions(): Promise<number> {
    const rows = await this.json<SupportQuestionSeed[]>('support-questions.json');
    const created = new Map<string, string>();
    for (const { parent, ...row } of rows) {
      const parentId = parent ? created.get(parent) : undefined;
      if (parent && !parentId) throw new Error(`Seed support question "${row.title}": parent "${parent}" must come first.`);
      const document = await this.strapi.documents('api::support-question.support-question').create({
        data: { ...row, ...(parentId ? { parent: { connect: [{ documentId: parentId, locale: 'de' }] } } : {}) } as never,
        status: 'published',
      });
      created.set(row.title, document.documentId);
    }
    return rows.length;
  }

  async contact(): Promise<number> {
    const row = await this.json<ContactSeed>('contact.json');
    await this.strapi.documents('api::contact.contact').create({ data: row });
    return 1;
  }

  async surveyDefinitions(): Promise<number> {
    const rows = await this.json<SurveyDefinitionSeed[]>('survey-definitions.json');
    for (const row of rows) {
      await this.strapi.documents('api::survey-definition.survey-definition').create({ data: row as never, status: 'published' });
    }
    return rows.length;
  }

  async leadContents(): Promise<number> {
    const rows = await this.json<LeadContentSeed[]>('lead-contents.json');
    for (const { media, text, ...row } of rows) {
      await this.strapi.documents('api::lead-content.lead-content').create({
        data: { ...row, text: toBlocks(text), ...(media ? { media: await this.media(media) } : {}) },
        status: 'published',
      });
    }
    return rows.length;
  }
}

export async function seedContent(strapi: Core.Strapi): Promise<void> {
  const seeder = new Seeder(strapi);
  // Every type of the table has its seed (the compiler checks); the table's order is the seed order (categories before
  // FAQs: an FAQ is linked to its category by slug).
  const seeds: Record<ContentTypeName, () => Promise<number>> = {
    'faq-category': () => seeder.categories(),
    faq: () => seeder.faqs(),
    article: () => seeder.articles(),
    instruction: () => seeder.instructions(),
    'privacy-policy': () => seeder.privacyPolicy(),
    'support-question': () => seeder.supportQuestions(),
    contact: () => seeder.contact(),
    'lead-content': () => seeder.leadContents(),
    'survey-definition': () => seeder.surveyDefinitions(),
  };
  const steps: [UID.ContentType, () => Promise<number>][] = CONTENT_TYPES.map(({ name }): [UID.ContentType, () => Promise<number>] => [uidOf(name), seeds[name]]);
  const markers = strapi.store({ type: 'core', name: 'kundenportal-seed' });

  for (const [uid, run] of steps) {
    if (await markers.get({ key: uid })) continue;
    const existing = await strapi.db.query(uid).count();
    if (existing > 0) {
      strapi.log.info(`Seed ${uid}: skipped, ${existing} entries exist.`);
      await markers.set({ key: uid, value: { seededAt: new Date().toISOString(), created: 0 } });
      continue;
    }
    const started = Date.now();
    // One transaction per type: a failed seed leaves the type empty (and unmarked), so the next start retries it.
    const created = await strapi.db.transaction(async () => {
      const count = await run();
      await markers.set({ key: uid, value: { seededAt: new Date().toISOString(), created: count } });
      return count;
    });
    strapi.log.info(`Seed ${uid}: ${created} entries created and published in ${Date.now() - started} ms.`);
  }
  await seedEnglish(strapi);
}

const ENGLISH = 'en';

/**
 * The English localizations from `cms/seed/en/*.json`: same entries, same order, texts translated, no media (covers
 * and files are shared by both languages). Each entry is matched to its German document by slug (support topics by
 * sortOrder; single types directly) and added as that document's `en` localization, published. Like the German seed,
 * once per type (marker `core_kundenportal-seed-en_<uid>`) and only while the type has no English entry, so editors'
 * translations and deletions stay; a missing file or entry is skipped (the portal then shows German with a note).
 */
async function seedEnglish(strapi: Core.Strapi): Promise<void> {
  const dir = path.join(strapi.dirs.app.root, 'seed', ENGLISH);
  const read = async <T>(file: string): Promise<T | null> => {
    try {
      return JSON.parse(await readFile(path.join(dir, file), 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  type Entry = Record<string, unknown>;
  /** The German document of an English seed entry. */
  const documentIdOf = async (uid: UID.ContentType, where: Record<string, unknown>) => {
    const row = await strapi.db.query(uid).findOne({ where: { ...where, locale: DEFAULT_LOCALE }, select: ['documentId'] });
    return (row?.documentId as string | undefined) ?? null;
  };
  const rich = (entry: Entry, fields: string[]) =>
    Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, fields.includes(key) ? toBlocks(value as CompactRichText) : value]));
  const localize = async (uid: UID.ContentType, documentId: string, data: Entry, published: boolean) => {
    // `update` with a locale the document does not have yet creates that localization (non-localized fields copied).
    await strapi.documents(uid).update({ documentId, locale: ENGLISH, data, ...(published ? { status: 'published' as const } : {}) } as never);
  };

  const categoryRows = await strapi.db.query('api::faq-category.faq-category').findMany({ where: { locale: DEFAULT_LOCALE }, select: ['slug', 'documentId'] });
  const categories = new Map(categoryRows.map((row: { slug: string; documentId: string }) => [row.slug, row.documentId]));

  /** Per type: the file, how an entry finds its German document, and what of it goes into the localization. */
  const steps: { uid: UID.ContentType; file: string; single?: boolean; published?: boolean; key?: string; data: (entry: Entry) => Entry }[] = [
    { uid: 'api::faq-category.faq-category', file: 'faq-categories.json', data: ({ slug, name }) => ({ slug, name }) },
    {
      uid: 'api::faq.faq',
      file: 'faqs.json',
      // Relations are per locale: the English FAQ points to the English localization of its category.
      data: (entry) => ({
        slug: entry.slug,
        question: entry.question,
        answer: toBlocks(entry.answer as CompactRichText),
        ...(categories.has(String(entry.category)) ? { category: { connect: [{ documentId: categories.get(String(entry.category)), locale: ENGLISH }] } } : {}),
      }),
    },
    { uid: 'api::article.article', file: 'articles.json', data: ({ slug, title, teaser, body }) => rich({ slug, title, teaser, body }, ['body']) },
    { uid: 'api::instruction.instruction', file: 'instructions.json', data: ({ slug, title, body }) => rich({ slug, title, body }, ['body']) },
    { uid: 'api::privacy-policy.privacy-policy', file: 'privacy-policy.json', single: true, data: ({ title, body }) => rich({ title, body }, ['body']) },
    { uid: 'api::support-question.support-question', file: 'support-questions.json', key: 'sortOrder', data: ({ title }) => ({ title }) },
    { uid: 'api::contact.contact', file: 'contact.json', single: true, published: false, data: ({ hours }) => ({ hours }) },
    // Questions are per language (a localized component): the English survey brings its own, with the same questionIds.
    { uid: 'api::survey-definition.survey-definition', file: 'survey-definitions.json', key: 'surveyName', data: ({ title, intro, questions }) => ({ title, intro, questions }) },
  ];
  const markers = strapi.store({ type: 'core', name: 'kundenportal-seed-en' });

  for (const step of steps) {
    if (await markers.get({ key: step.uid })) continue;
    const english = await strapi.db.query(step.uid).count({ where: { locale: ENGLISH } });
    if (english > 0) {
      await markers.set({ key: step.uid, value: { seededAt: new Date().toISOString(), created: 0 } });
      continue;
    }
    const content = await read<Entry | Entry[]>(step.file);
    if (!content) continue;
    const entries = Array.isArray(content) ? content : [content];
    const started = Date.now();
    const created = await strapi.db.transaction(async () => {
      let count = 0;
      for (const entry of entries) {
        const key = step.key ?? 'slug';
        const documentId = await documentIdOf(step.uid, step.single ? {} : { [key]: entry[key] });
        if (!documentId) {
          strapi.log.warn(`Seed ${step.uid} (${ENGLISH}): no German entry for ${step.single ? 'the single type' : `${key} ${String(entry[key])}`}, skipped.`);
          continue;
        }
        await localize(step.uid, documentId, step.data(entry), step.published ?? true);
        count++;
      }
      await markers.set({ key: step.uid, value: { seededAt: new Date().toISOString(), created: count } });
      return count;
    });
    strapi.log.info(`Seed ${step.uid} (${ENGLISH}): ${created} localizations created in ${Date.now() - started} ms.`);
  }
}
