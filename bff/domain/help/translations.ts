import type { FaqCategory, SupportQuestion } from '../../contracts/help.ts';

type Entry = { slug: string; documentId?: string | undefined };
/** Both languages of an entry are one CMS document; content without document ids falls back to the slug. */
const keyOf = (entry: Entry) => entry.documentId ?? `slug:${entry.slug}`;

/**
 * English help with German where a translation is missing (docs/architecture.md "Help content in two languages"). The
 * CMS answers each language on its own; these put the English entries over the German ones, matched by CMS document
 * (support questions: their id). The German slug stays the entry's address in both languages (the language is a cookie,
 * not part of the URL), so links like `?question=<slug>` work whatever slug an editor gave the English version. German
 * order is kept (editors order entries once, for both languages); English-only entries follow.
 */
export function overGerman<T extends Entry>(german: readonly T[], english: readonly T[], shared: readonly (keyof T)[] = []): T[] {
  const translated = new Map(english.map((entry) => [keyOf(entry), entry]));
  const known = new Set(german.map(keyOf));
  return [
    ...german.map((entry) => {
      const translation = translated.get(keyOf(entry));
      return translation ? translatedOver(entry, translation, shared) : entry;
    }),
    ...english.filter((entry) => !known.has(keyOf(entry))),
  ];
}

/**
 * The English entry with what both languages share taken from the German one: the German slug (the address) and the
 * fields that are not translated. Strapi copies those to the other languages after saving, and its webhook can arrive
 * before that copy, so the German entry is the one that is surely current.
 */
export function translatedOver<T extends object>(german: T, english: T, shared: readonly (keyof T)[]): T {
  const fromGerman = Object.fromEntries(shared.filter((key) => key in german).map((key) => [key, german[key]]));
  return { ...english, ...fromGerman, ...('slug' in german ? { slug: german.slug } : {}) };
}

/** Lists sorted by title in the CMS (articles, instructions): merged, then sorted again by the titles shown. */
export function overGermanByTitle<T extends Entry & { title: string }>(german: readonly T[], english: readonly T[], shared: readonly (keyof T)[] = []): T[] {
  return overGerman(german, english, shared).sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

/**
 * FAQ categories: a category's name and each FAQ come from English where translated. A translated FAQ stays in its
 * German category's place even when the category itself is not translated yet; English-only FAQs join their
 * English category.
 */
export function faqsOverGerman(german: readonly FaqCategory[], english: readonly FaqCategory[]): FaqCategory[] {
  const englishFaqs = new Map(english.flatMap((category) => category.faqs.map((faq) => [keyOf(faq), faq] as const)));
  const germanFaqs = new Set(german.flatMap((category) => category.faqs.map(keyOf)));
  const englishCategories = new Map(english.map((category) => [keyOf(category), category]));
  const merged = german.map((category): FaqCategory => {
    const translated = englishCategories.get(keyOf(category));
    const onlyEnglish = translated?.faqs.filter((faq) => !germanFaqs.has(keyOf(faq))) ?? [];
    const faqs = category.faqs.map((faq) => {
      const translation = englishFaqs.get(keyOf(faq));
      return translation ? translatedOver(faq, translation, ['sortOrder']) : faq;
    });
    return {
      ...category,
      ...(translated ? { name: translated.name, lang: translated.lang } : {}),
      faqs: [...faqs, ...onlyEnglish].sort((a, b) => a.sortOrder - b.sortOrder),
    };
  });
  const germanCategories = new Set(german.map(keyOf));
  const newCategories = english
    .filter((category) => !germanCategories.has(keyOf(category)))
    .map((category) => ({ ...category, faqs: category.faqs.filter((faq) => !germanFaqs.has(keyOf(faq))) }))
    .filter((category) => category.faqs.length > 0);
  return [...merged, ...newCategories].sort((a, b) => a.sortOrder - b.sortOrder);
}

/** Message topics: the same document (id) in both languages. */
export function topicsOverGerman(german: readonly SupportQuestion[], english: readonly SupportQuestion[]): SupportQuestion[] {
  // The tree is the German one: relations are per locale in Strapi, and editors build the structure once.
  const parents = new Map(german.map((q) => [q.id, q.parentId ?? null]));
  return overGerman(
    german.map((q) => ({ ...q, slug: q.id })),
    english.map((q) => ({ ...q, slug: q.id })),
  ).map(({ slug: _slug, ...q }) => ({ ...q, parentId: parents.has(q.id) ? (parents.get(q.id) ?? null) : (q.parentId ?? null) }));
}
