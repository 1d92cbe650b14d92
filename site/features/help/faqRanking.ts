import MiniSearch, { type SearchResult } from 'minisearch';
import snowball from 'snowball-stemmers';
import type { Language } from '~/bff/contracts/auth.ts';
import type { Faq, FaqCategory } from '~/bff/contracts/help.ts';
import { plainText } from './richText.ts';

/**
 * Ranked help search: MiniSearch (BM25 ranking, prefix matching; typos corrected to the nearest known word) over German-stemmed
 * words (Snowball), with umlauts folded either way ("Zähler" = "Zaehler" = "Zahler") and German compounds taken apart:
 * "Stromspeicher" is also found by "Speicher", and a query "Netzanmeldung" by its parts "Netz" + "Anmeldung".
 * The question weighs most, then the category, then the answer. The English portal searches its (mostly English)
 * content with English stemming, stop words and synonyms; folding and compounds do no harm there.
 */
const STEMMERS = { de: snowball.newStemmer('german'), en: snowball.newStemmer('english') } as const;

const GERMAN_STOPWORDS = new Set(
  `aber alle als also am an auch auf aus bei beim bin bis bist da damit dann das dass dein deine deinem deinen deiner
  dem den der des dich die dir doch du durch ein eine einem einen einer eines er es euch euer eure für gibt hab habe
  haben hat hast ich ihr im in ist ja kann kannst kein keine mein meine meinem meinen meiner mich mir mit muss musst
  nach nicht noch nur ob oder ohne sich sie sind so soll sollte über um und uns unser vom von vor war was weil wenn
  wer werden wie wird wir wo zu zum zur`.split(/\s+/),
);
const ENGLISH_STOPWORDS = new Set(
  `a about an and are as at be but by can do does for from has have how i if in is it its me my no not of on or our
  so that the their there this to us was we what when where which who why will with you your`.split(/\s+/),
);
const STOPWORDS: Record<Language, ReadonlySet<string>> = { de: GERMAN_STOPWORDS, en: ENGLISH_STOPWORDS };

/** Words customers use for what the help says otherwise (both ways round); matched as alternatives. */
const GERMAN_SYNONYMS: readonly (readonly string[])[] = [
  ['tausch', 'austausch', 'wechsel', 'umbau'],
  ['kaputt', 'defekt', 'storung', 'ausfall', 'fehler'],
  ['kosten', 'preis', 'bezahlen', 'rechnung'],
  ['auto', 'elektroauto', 'fahrzeug', 'eauto'],
  ['akku', 'batterie', 'speicher'],
  ['pv', 'photovoltaik', 'solar', 'solaranlage'],
  ['zahler', 'stromzahler', 'messstelle'],
];
const ENGLISH_SYNONYMS: readonly (readonly string[])[] = [
  ['replace', 'replacement', 'change', 'swap'],
  ['broken', 'defect', 'fault', 'failure', 'error'],
  ['cost', 'price', 'pay', 'invoice', 'bill'],
  ['car', 'ev', 'vehicle'],
  ['battery', 'storage'],
  ['pv', 'photovoltaic', 'solar'],
  ['meter', 'metering'],
  ['charger', 'wallbox'],
];
const SYNONYMS: Record<Language, readonly (readonly string[])[]> = { de: GERMAN_SYNONYMS, en: ENGLISH_SYNONYMS };

/** Lower case, umlauts folded (ä, ae and a alike), accents dropped. */
function fold(word: string): string {
  return word
    .toLocaleLowerCase('de-DE')
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u');
}

/** The index term of a word: folded and stemmed; null for stop words and single letters. */
export function termOf(word: string, lang: Language = 'de'): string | null {
  const lower = word.toLocaleLowerCase('de-DE');
  if (STOPWORDS[lang].has(lower) || lower.length < 2) return null;
  return STEMMERS[lang].stem(fold(lower));
}

/** Words of a text; hyphenated words count as their parts and as one word ("E-Mail" = "E", "Mail", "EMail"). */
function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}-]+/u).flatMap((token) => {
    const parts = token.split('-').filter(Boolean);
    return parts.length > 1 ? [...parts, parts.join('')] : parts;
  });
}

/** The parts a long compound may be searched by: its heads and tails of at least 4 and 5 letters. */
function compoundParts(term: string): string[] {
  if (term.length < 8) return [];
  const parts: string[] = [];
  for (let i = 4; i <= term.length - 4; i++) parts.push(term.slice(0, i));
  for (let i = 3; i <= term.length - 5; i++) parts.push(term.slice(i));
  return parts;
}

interface Doc {
  id: string;
  question: string;
  answer: string;
  category: string;
  parts: string;
}

const termsOf = (text: string, lang: Language) => words(text).flatMap((word) => termOf(word, lang) ?? []);

export interface FaqIndex {
  search(q: string): { slug: string; score: number }[];
  /** The index terms a query is searched as: its words as typed, corrected or split (docs/help-search.md). */
  termsSearched(q: string): string[];
  /** The search for index terms as they are (what a query's words resolve to). */
  searchTerms(terms: readonly string[]): { slug: string; score: number }[];
}

/** Builds the index of all FAQs (38 FAQs: a few milliseconds); callers keep it per content version. */
export function buildFaqIndex(categories: readonly FaqCategory[], lang: Language = 'de'): FaqIndex {
  const stemmer = STEMMERS[lang];
  const docs: Doc[] = categories.flatMap((category) =>
    category.faqs.map((faq: Faq) => {
      const question = faq.question;
      const answer = plainText(faq.answer);
      const terms = [...termsOf(question, lang), ...termsOf(answer, lang)];
      return { id: faq.slug, question, answer, category: category.name, parts: terms.flatMap(compoundParts).join(' ') };
    }),
  );
  const index = new MiniSearch<Doc>({
    fields: ['question', 'category', 'answer', 'parts'],
    tokenize: (text, field) => (field === 'parts' ? text.split(' ') : words(text)),
    processTerm: (term, field) => (field === 'parts' ? term || null : termOf(term, lang)),
    searchOptions: {
      boost: { question: 3, category: 1.5, answer: 1, parts: 0.6 },
      prefix: (term) => term.length >= 4,
      combineWith: 'AND',
    },
  });
  index.addAll(docs);
  /** The words of the content (question, answer, category); the parts of its compounds are for matching only. */
  const contentWords = new Set(docs.flatMap((doc) => [...termsOf(doc.question, lang), ...termsOf(doc.answer, lang), ...termsOf(doc.category, lang)]));
  /**
   * The content's words as written (folded, not stemmed) with their index term: typos are corrected against these, as
   * a typo changes what the stemmer makes of a word ("registraton" keeps its ending, "registration" becomes "registr").
   */
  const writtenWords = new Map<string, string>();
  for (const doc of docs) {
    for (const word of words(`${doc.question} ${doc.answer} ${doc.category}`)) {
      const term = termOf(word, lang);
      if (term) writtenWords.set(fold(word), term);
    }
  }

  /** A query word the content does not have may be a compound of two words it has ("netzanmeldung"). */
  function split(term: string): string[] | null {
    if (term.length < 8) return null;
    for (let i = 4; i <= term.length - 4; i++) {
      const head = term.slice(0, i);
      const tail = stemmer.stem(term.slice(i));
      if (contentWords.has(head) && contentWords.has(tail)) return [head, tail];
    }
    return null;
  }

  /** Sorted, so a prefix is found by binary search. */
  const sortedVocabulary = [...contentWords].sort();
  /**
   * The content has the word, or (from four letters) a word starting with it: searched as typed. Compound parts do not
   * count here (they are fragments like "antag"): a typo must not pass as known because it matches one.
   */
  function known(term: string): boolean {
    if (contentWords.has(term)) return true;
    if (term.length < 4) return false;
    let low = 0;
    let high = sortedVocabulary.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sortedVocabulary[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    return sortedVocabulary[low]?.startsWith(term) ?? false;
  }

  /**
   * Typo tolerance as a correction, never as a wider search (docs/help-search.md): a word the content does not know is
   * replaced by the nearest word of the content as written, at most one edit per five letters, and then searched
   * exactly like that word. Among equally near words, first those that hold every letter typed in order (a letter left out is the
   * commonest typo: "Speiher" → "Speicher"), then the one that finds the fewest FAQs, so a typo never finds more than
   * the word it stands for. Null when no word is near enough.
   */
  function correct(word: string, findCount: (term: string) => number): string | null {
    const typed = fold(word);
    if (typed.length < 5) return null;
    const maxEdits = Math.round(typed.length * 0.2);
    let best = new Map<string, boolean>();
    let bestDistance = maxEdits + 1;
    for (const [written, term] of writtenWords) {
      // Equally near words count too (ties), so a length difference equal to the best distance stays in.
      if (Math.abs(written.length - typed.length) > Math.min(bestDistance, maxEdits)) continue;
      const distance = editDistance(typed, written, Math.min(bestDistance, maxEdits));
      if (distance > maxEdits) continue;
      if (distance < bestDistance) {
        best = new Map();
        bestDistance = distance;
      }
      if (distance === bestDistance) best.set(term, (best.get(term) ?? false) || isSubsequence(typed, written));
    }
    if (best.size <= 1) return [...best.keys()][0] ?? null;
    const ranked = [...best].map(([candidate, holdsTyped]) => ({ candidate, leftOut: holdsTyped ? 0 : 1, found: findCount(candidate) }));
    ranked.sort((a, b) => a.leftOut - b.leftOut || a.found - b.found || a.candidate.localeCompare(b.candidate));
    return ranked[0]?.candidate ?? null;
  }

  /** What a query word is searched as: itself, its correction, or the two words of a compound; none for a stop word. */
  function resolve(word: string, findCount: (term: string) => number): string[] {
    const term = termOf(word, lang);
    if (term === null) return [];
    if (known(term)) return [term];
    const corrected = correct(word, findCount);
    if (corrected) return [corrected];
    return split(term) ?? [term];
  }

  const synonymsOf = new Map<string, string[]>();
  for (const group of SYNONYMS[lang]) {
    const stems = group.map((word) => termOf(word, lang) ?? word);
    for (const stem of stems) synonymsOf.set(stem, stems);
  }

  const run = (terms: readonly string[]): SearchResult[] => {
        // Every word must match, a word or one of its synonyms. Terms are already processed: MiniSearch gets them as
        // they are (it would stem them twice otherwise).
        const query = {
          combineWith: 'AND' as const,
          queries: terms.map((term) => ({ combineWith: 'OR' as const, queries: synonymsOf.get(term) ?? [term] })),
        };
        const asked = new Set(terms);
        return index.search(query, {
          processTerm: (term) => term,
          // A synonym finds, but counts less than the word the customer typed.
          boostTerm: (term) => (asked.has(term) ? 1 : 0.3),
        });
  };
  const termsSearched = (q: string) => words(q).flatMap((word) => resolve(word, (candidate) => run([candidate]).length));
  const found = (results: SearchResult[]) => results.map((result) => ({ slug: String(result.id), score: result.score }));

  return {
    termsSearched,
    searchTerms: (terms) => (terms.length === 0 ? [] : found(run(terms))),
    search(q) {
      const terms = termsSearched(q);
      return terms.length === 0 ? [] : found(run(terms));
    },
  };
}

/** True when `short`'s letters appear in `long` in the same order (letters left out of `long`). */
function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const char of long) if (char === short[at]) at += 1;
  return at === short.length;
}

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit` (most candidates are dropped early). */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
