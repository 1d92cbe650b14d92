import type { FaqCategory, SupportQuestion } from '../../contracts/help.ts';

/**
 * English help with German where a translation is missing (issue 10, bilingual help). The CMS answers each language
 * on its own; these put the English entries over the German ones. Entries are the same document in both languages
 * when they share a slug (support questions: an id), which the CMS keeps equal because slugs are not translated.
 * German order is kept (editors order entries once, for both languages); English-only entries follow.
 */
export function overGerman<T extends { slug: string }>(german: readonly T[], english: readonly T[]): T[] {
  const translated = new Map(english.map((entry) => [entry.slug, entry]));
  const known = new Set(german.map((entry) => entry.slug));
  return [...german.map((entry) => translated.get(entry.slug) ?? entry), ...english.filter((entry) => !known.has(entry.slug))];
}

/** Lists sorted by title in the CMS (articles, instructions): merged, then sorted again by the titles shown. */
export function overGermanByTitle<T extends { slug: string; title: string }>(german: readonly T[], english: readonly T[]): T[] {
  return overGerman(german, english).sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

/**
 * FAQ categories: a category's name and each FAQ come from English where translated. A translated FAQ stays in its
 * German category's place even when the category itself is not translated yet; English-only FAQs join their
 * English category.
 */
export function faqsOverGerman(german: readonly FaqCategory[], english: readonly FaqCategory[]): FaqCategory[] {
  const englishFaqs = new Map(english.flatMap((category) => category.faqs.map((faq) => [faq.slug, faq] as const)));
  const germanFaqs = new Set(german.flatMap((category) => category.faqs.map((faq) => faq.slug)));
  const englishCategories = new Map(english.map((category) => [category.slug, category]));
  const merged = german.map((category): FaqCategory => {
    const translated = englishCategories.get(category.slug);
    const onlyEnglish = translated?.faqs.filter((faq) => !germanFaqs.has(faq.slug)) ?? [];
    return {
      ...category,
      ...(translated ? { name: translated.name, lang: translated.lang } : {}),
      faqs: [...category.faqs.map((faq) => englishFaqs.get(faq.slug) ?? faq), ...onlyEnglish].sort((a, b) => a.sortOrder - b.sortOrder),
    };
  });
  const germanCategories = new Set(german.map((category) => category.slug));
  const newCategories = english
    .filter((category) => !germanCategories.has(category.slug))
    .map((category) => ({ ...category, faqs: category.faqs.filter((faq) => !germanFaqs.has(faq.slug)) }))
    .filter((category) => category.faqs.length > 0);
  return [...merged, ...newCategories].sort((a, b) => a.sortOrder - b.sortOrder);
}

/** Message topics: the same document (id) in both languages. */
export function topicsOverGerman(german: readonly SupportQuestion[], english: readonly SupportQuestion[]): SupportQuestion[] {
  return overGerman(
    german.map((q) => ({ ...q, slug: q.id })),
    english.map((q) => ({ ...q, slug: q.id })),
  ).map(({ slug: _slug, ...q }) => q);
}
