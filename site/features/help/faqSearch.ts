import type { Language } from '~/bff/contracts/auth.ts';
import type { Faq, FaqCategory } from '~/bff/contracts/help.ts';
import { buildFaqIndex, type FaqIndex } from './faqRanking.ts';
import { plainText } from './richText.ts';

/** Longer queries are cut: the search runs on every request of the help page. */
export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 12;

const COMBINING_MARKS = /\p{M}/gu;
const SPELLED_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const BARE: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };

/**
 * Two foldings per text, so that umlauts match whichever way they are typed: "Wärme", "Waerme" and "warme" all
 * find "Wärmepumpe". Lower case, other accents dropped (é -> e), hyphens and soft hyphens removed
 * ("E-Mail" = "email"), everything else that is not a letter or digit becomes a space.
 */
function fold(text: string, umlauts: Record<string, string>): string {
  return text
    .toLocaleLowerCase('de-DE')
    .replace(/[äöüß]/g, (char) => umlauts[char] ?? char)
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/[-\u00ad\u2010\u2011]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Folded {
  spelledOut: string;
  bare: string;
}

const folded = (text: string): Folded => ({ spelledOut: fold(text, SPELLED_OUT), bare: fold(text, BARE) });

/** The query as it stands in the URL: trimmed, at most MAX_QUERY_LENGTH characters. */
export function normalizeQuery(q: string | null): string {
  return (q ?? '').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** The words of a query, folded, without repeats; empty when there is nothing to search for. */
export function queryWords(q: string): Folded[] {
  const spelledOut = fold(q, SPELLED_OUT).split(' ').filter(Boolean);
  // Both foldings only differ in letters, so they split at the same places and the words pair up by position.
  const bare = fold(q, BARE).split(' ').filter(Boolean);
  const words = new Map(spelledOut.map((word, index) => [word, { spelledOut: word, bare: bare[index] ?? word }]));
  return [...words.values()].slice(0, MAX_WORDS);
}

/** True when the text contains every word (anywhere, also inside longer words: "speicher" finds "Stromspeicher"). */
export function matchesAllWords(text: string, words: readonly Folded[]): boolean {
  const haystack = folded(text);
  return words.every((word) => haystack.spelledOut.includes(word.spelledOut) || haystack.bare.includes(word.bare));
}

export function faqMatches(faq: Faq, words: readonly Folded[]): boolean {
  return matchesAllWords(`${faq.question}\n${plainText(faq.answer)}`, words);
}

export interface FaqSearchResult {
  /** Categories with their matching FAQs; categories without a hit are left out. */
  categories: FaqCategory[];
  hits: number;
}

/**
 * One index per content version (building it takes ~70 ms, a query ~0.1 ms). The same list (the sorted list of the
 * content cache's entry) is known by identity; a list read anew from the shared store is a new object, so then the
 * version is its text: the index is rebuilt only when an editor changed something.
 */
const built = new Map<Language, { source: readonly FaqCategory[]; version: string; index: FaqIndex }>();
function indexOf(categories: readonly FaqCategory[], lang: Language): FaqIndex {
  let entry = built.get(lang);
  if (entry?.source === categories) return entry.index;
  const version = JSON.stringify(categories);
  if (entry?.version !== version) entry = { source: categories, version, index: buildFaqIndex(categories, lang) };
  else entry = { ...entry, source: categories };
  built.set(lang, entry);
  return entry.index;
}

/**
 * Server-side search of the help page (`?q=`), ranked (faqRanking.ts: German stemming, compounds, typos, synonyms):
 * the categories in the order of their best hit, and within each its FAQs by relevance, so the first question shown
 * is the best hit. Categories without a hit are left out.
 */
export function searchFaqs(categories: readonly FaqCategory[], q: string, lang: Language = 'de'): FaqSearchResult {
  if (normalizeQuery(q) === '') {
    return { categories: [...categories], hits: categories.reduce((sum, category) => sum + category.faqs.length, 0) };
  }
  // A query of only emoji, punctuation or symbols ("🔋", "?!") names nothing to look for: it finds nothing, not everything.
  if (queryWords(q).length === 0) return { categories: [], hits: 0 };
  const scores = new Map(indexOf(categories, lang).search(normalizeQuery(q)).map((hit) => [hit.slug, hit.score]));
  const score = (faq: Faq) => scores.get(faq.slug) ?? 0;
  const matching = categories
    .map((category) => ({ ...category, faqs: category.faqs.filter((faq) => scores.has(faq.slug)).sort((a, b) => score(b) - score(a)) }))
    .filter((category) => category.faqs.length > 0)
    .sort((a, b) => score(b.faqs[0] as Faq) - score(a.faqs[0] as Faq));
  return { categories: matching, hits: scores.size };
}

/** The FAQ a `?question=<slug>` asks for, in any category. */
export function findFaq(categories: readonly FaqCategory[], slug: string): Faq | null {
  for (const category of categories) {
    const faq = category.faqs.find((entry) => entry.slug === slug);
    if (faq) return faq;
  }
  return null;
}

/**
 * The link of a question: a page request with `?question=<slug>` (and the search, if any), so the server renders
 * exactly that answer and puts autofocus on it; `open: false` is the link that closes it again.
 * Only the closing link has a `#<slug>`: browsers skip autofocus when the URL's fragment names an element (HTML,
 * "flush autofocus candidates"), so on an opening link it would scroll there but leave focus behind. Autofocus
 * scrolls by itself; after closing, the fragment brings the view back to the question.
 */
export function questionHref(path: string, options: { q: string; slug: string; open: boolean }): string {
  const params = new URLSearchParams();
  if (options.q) params.set('q', options.q);
  if (options.open) params.set('question', options.slug);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${options.open ? '' : `#${encodeURIComponent(options.slug)}`}`;
}

const collators = new Map<Language, Intl.Collator>();
/** The collator of a language, made once: creating one costs more than sorting a help page's questions with it. */
const collatorOf = (lang: Language) => {
  let collator = collators.get(lang);
  if (!collator) collators.set(lang, (collator = new Intl.Collator(lang)));
  return collator;
};
/** Sorted categories per loaded list and language: the content cache hands every render the same list until it changes. */
const sortedLists = new WeakMap<readonly FaqCategory[], Map<Language, readonly FaqCategory[]>>();

/**
 * Categories and their questions in the CMS's sort order (name and question break ties). Sorted once per list the
 * content cache holds and language (docs/performance.md "The render"); the answer is shared, so it is read-only.
 */
export function sortFaqCategories(categories: readonly FaqCategory[], lang: Language = 'de'): readonly FaqCategory[] {
  let byLanguage = sortedLists.get(categories);
  if (!byLanguage) sortedLists.set(categories, (byLanguage = new Map()));
  const known = byLanguage.get(lang);
  if (known) return known;
  const collator = collatorOf(lang);
  const sorted = [...categories]
    .sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.name, b.name))
    .map((category) => ({
      ...category,
      faqs: [...category.faqs].sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.question, b.question)),
    }));
  byLanguage.set(lang, sorted);
  return sorted;
}
