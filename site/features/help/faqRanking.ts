import MiniSearch, { type SearchResult } from 'minisearch';
import snowball from 'snowball-stemmers';
import type { Language } from '../../../bff/contracts/auth.ts';
import type { Faq, FaqCategory } from '../../../bff/contracts/help.ts';
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
  const vocabulary = new Set(docs.flatMap((doc) => [...termsOf(doc.question, lang), ...termsOf(doc.answer, lang), ...doc.parts.split(' ')]));

  /** A query word the content does not have may be a compound of two words it has ("netzanmeldung"). */
  function expand(term: string): string[] {
    if (vocabulary.has(term) || term.length < 8) return [term];
    for (let i = 4; i <= term.length - 4; i++) {
      const head = term.slice(0, i);
      const tail = stemmer.stem(term.slice(i));
      if (vocabulary.has(head) && vocabulary.has(tail)) return [head, tail];
    }
    return [term];
  }

  /** Sorted, so a prefix is found by binary search. */
  const sortedVocabulary = [...vocabulary].sort();
  function known(term: string): boolean {
    if (vocabulary.has(term)) return true;
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
   * Typo tolerance as a correction, never as a wider search: a word the content does not know (not even as the start of
   * a word) is replaced by the nearest word it does know, one edit per five letters, and then searched exactly like
   * that word. Several equally near words: the one that finds the fewest FAQs, so "Speiher" never finds more than
   * "Speicher" (docs/help-search.md).
   */
  function correct(term: string, findCount: (term: string) => number): string {
    if (term.length < 5 || known(term)) return term;
    const maxEdits = Math.round(term.length * 0.2);
    let best: string[] = [];
    let bestDistance = maxEdits + 1;
    for (const candidate of vocabulary) {
      if (Math.abs(candidate.length - term.length) >= bestDistance) continue;
      const distance = editDistance(term, candidate, bestDistance - 1);
      if (distance < bestDistance) {
        best = [candidate];
        bestDistance = distance;
      } else if (distance === bestDistance) {
        best.push(candidate);
      }
    }
    if (best.length <= 1) return best[0] ?? term;
    return best.map((candidate) => ({ candidate, found: findCount(candidate) })).sort((a, b) => a.found - b.found || a.candidate.localeCompare(b.candidate))[0]?.candidate ?? term;
  }

  const synonymsOf = new Map<string, string[]>();
  for (const group of SYNONYMS[lang]) {
    const stems = group.map((word) => termOf(word, lang) ?? word);
    for (const stem of stems) synonymsOf.set(stem, stems);
  }

  return {
    search(q) {
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
      const typed = words(q).flatMap((word) => termOf(word, lang) ?? []).flatMap(expand);
      if (typed.length === 0) return [];
      const terms = typed.map((term) => correct(term, (candidate) => run([candidate]).length));
      return run(terms).map((result) => ({ slug: String(result.id), score: result.score }));
    },
  };
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
