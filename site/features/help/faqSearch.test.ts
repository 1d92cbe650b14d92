import { describe, expect, it } from 'vitest';
import { FaqCategorySchema, HELP_PAGES, type FaqCategory } from '~/bff/contracts/help.ts';
import { findFaq, matchesAllWords, normalizeQuery, queryWords, questionHref, searchFaqs, sortFaqCategories } from './faqSearch.ts';

let seq = 0;
function faq(question: string, answer: string, overrides: { slug?: string; sortOrder?: number } = {}) {
  seq += 1;
  return {
    slug: overrides.slug ?? `frage-${seq}`,
    lang: 'de',
    question,
    answer: [{ type: 'paragraph', children: [{ type: 'text', text: answer }] }],
    sortOrder: overrides.sortOrder ?? seq,
  };
}
const category = (name: string, faqs: unknown[], sortOrder = 10): FaqCategory =>
  FaqCategorySchema.parse({ slug: name.toLowerCase().replace(/\W+/g, '-'), lang: 'de', name, sortOrder, faqs });

const matches = (text: string, q: string) => matchesAllWords(text, queryWords(q));
const questionsOf = (categories: FaqCategory[]) => categories.flatMap((c) => c.faqs.map((f) => f.question));

describe('FAQ search', () => {
  const categories = [
    category('Speicher und Wallbox', [
      faq('Wie groß sollte mein Stromspeicher sein?', 'Das hängt von Deinem Verbrauch ab.'),
      faq('Kann ich die Wallbox später nachrüsten?', 'Ja, eine Wallbox lässt sich jederzeit ergänzen.'),
    ]),
    category('Abrechnung und Förderung', [
      faq('Wann kommt die Rechnung?', 'Nach der Inbetriebnahme schicken wir sie per E-Mail.'),
      faq('Gibt es Förderung für Wärmepumpen?', 'Ja, über die KfW und das BAFA.'),
    ]),
  ];

  it('finds FAQs whose question or answer contains all words of the query, and counts them', () => {
    const result = searchFaqs(categories, 'wallbox nachrüsten');

    expect(questionsOf(result.categories)).toEqual(['Kann ich die Wallbox später nachrüsten?']);
    expect(result.hits).toBe(1);
  });

  it('searches the answer text, too, and leaves categories without a hit out', () => {
    const result = searchFaqs(categories, 'KfW');

    expect(result.categories.map((c) => c.name)).toEqual(['Abrechnung und Förderung']);
    expect(questionsOf(result.categories)).toEqual(['Gibt es Förderung für Wärmepumpen?']);
  });

  it('needs every word: one word that matches nothing means no hit', () => {
    expect(searchFaqs(categories, 'wallbox photovoltaik').hits).toBe(0);
  });

  it('finds words inside longer words ("speicher" finds "Stromspeicher"), ranked before a hit by category only', () => {
    const found = questionsOf(searchFaqs(categories, 'speicher').categories);
    expect(found[0]).toBe('Wie groß sollte mein Stromspeicher sein?');
    // The other FAQ of the category "Speicher und Wallbox" matches by its category, so it comes after.
    expect(found).toEqual(['Wie groß sollte mein Stromspeicher sein?', 'Kann ich die Wallbox später nachrüsten?']);
  });

  it('ranks: the best hit comes first, across categories', () => {
    const found = questionsOf(searchFaqs(categories, 'Wärmepumpe Förderung').categories);
    expect(found[0]).toBe('Gibt es Förderung für Wärmepumpen?');
    expect(questionsOf(searchFaqs(categories, 'Rechnug').categories)).toEqual(['Wann kommt die Rechnung?']);
  });

  it('ignores upper and lower case', () => {
    expect(matches('Wann kommt die Rechnung?', 'RECHNUNG')).toBe(true);
    expect(matches('KfW-Förderung', 'kfw')).toBe(true);
  });

  it('matches umlauts however they are typed: ä, ae or a; ß or ss', () => {
    expect(matches('Förderung für Wärmepumpen', 'wärmepumpe')).toBe(true);
    expect(matches('Förderung für Wärmepumpen', 'waermepumpe')).toBe(true);
    expect(matches('Förderung für Wärmepumpen', 'warmepumpe')).toBe(true);
    expect(matches('Foerderung fuer Waermepumpen', 'Förderung Wärmepumpe')).toBe(true);
    expect(matches('Wie groß sollte er sein?', 'gross')).toBe(true);
    expect(matches('Wie gross sollte er sein?', 'groß')).toBe(true);
    expect(matches('Wie groß sollte er sein?', 'graß')).toBe(false);
  });

  it('ignores other accents, punctuation and hyphens ("E-Mail" = "email")', () => {
    expect(matches('Nach der Inbetriebnahme per E-Mail.', 'email')).toBe(true);
    expect(matches('Nach der Inbetriebnahme per Email.', 'e-mail')).toBe(true);
    expect(matches('Café', 'cafe')).toBe(true);
    expect(matches('Wann kommt die Rechnung?', '„Rechnung?“')).toBe(true);
  });

  it('shows everything for an empty query', () => {
    expect(searchFaqs(categories, '').hits).toBe(4);
    expect(searchFaqs(categories, '   ').categories).toHaveLength(2);
  });

  it('finds nothing for a query without a letter or digit (emoji, punctuation, symbols)', () => {
    for (const q of ['🔋', '☀️⚡', ' ?! ', '→ ✓ ×', '👍🏽']) {
      expect(searchFaqs(categories, q), q).toEqual({ categories: [], hits: 0 });
    }
    // An emoji beside a word does not stop the word from being found.
    expect(searchFaqs(categories, '🔋 Wallbox').hits).toBeGreaterThan(0);
  });

  it('treats characters that mean something in HTML or regular expressions as ordinary text', () => {
    expect(() => searchFaqs(categories, '.*( [ <script>')).not.toThrow();
    expect(searchFaqs(categories, '<script>').hits).toBe(0);
  });

  it('cuts long queries and repeated words', () => {
    expect(normalizeQuery(`  ${'a'.repeat(500)}  `)).toHaveLength(200);
    expect(normalizeQuery(null)).toBe('');
    expect(queryWords('Speicher speicher SPEICHER')).toEqual([{ spelledOut: 'speicher', bare: 'speicher' }]);
  });
});

describe('opening a question', () => {
  const categories = [category('Projektablauf', [faq('Wie verknüpfe ich mein Projekt?', 'So …', { slug: 'wie-verknuepfe-ich-mein-projekt' })])];

  it('finds the FAQ of ?question= in any category, and nothing for an unknown slug', () => {
    expect(findFaq(categories, 'wie-verknuepfe-ich-mein-projekt')?.question).toBe('Wie verknüpfe ich mein Projekt?');
    expect(findFaq(categories, 'gibt-es-nicht')).toBeNull();
  });

  it('links a question to ?question=<slug>, keeping the search, without a #fragment that would cancel autofocus', () => {
    expect(questionHref(HELP_PAGES.help, { q: '', slug: 'wie-verknuepfe-ich-mein-projekt', open: true })).toBe(
      `${HELP_PAGES.help}?question=wie-verknuepfe-ich-mein-projekt`,
    );
    expect(questionHref(HELP_PAGES.help, { q: 'Projekt verknüpfen', slug: 'a', open: true })).toBe(
      `${HELP_PAGES.help}?q=Projekt+verkn%C3%BCpfen&question=a`,
    );
  });

  it('links an open question back to the list without it, in the same place', () => {
    expect(questionHref(HELP_PAGES.help, { q: 'speicher', slug: 'a', open: false })).toBe(`${HELP_PAGES.help}?q=speicher#a`);
    expect(questionHref(HELP_PAGES.help, { q: '', slug: 'a', open: false })).toBe(`${HELP_PAGES.help}#a`);
  });
});

describe('order of categories and questions', () => {
  it('follows sortOrder, then name and question', () => {
    const sorted = sortFaqCategories([
      category('Montage', [faq('B?', '', { sortOrder: 2 }), faq('A?', '', { sortOrder: 2 }), faq('C?', '', { sortOrder: 1 })], 30),
      category('Abrechnung', [], 10),
      category('Projektablauf', [], 10),
    ]);
    expect(sorted.map((c) => c.name)).toEqual(['Abrechnung', 'Projektablauf', 'Montage']);
    expect(sorted[2]?.faqs.map((f) => f.question)).toEqual(['C?', 'A?', 'B?']);
  });

  it('sorts a list once per language: every render of the same cached list gets the same answer', () => {
    const loaded = [category('Zählerwechsel', [faq('Ä?', '', { sortOrder: 1 }), faq('Z?', '', { sortOrder: 1 })], 20), category('Abrechnung', [], 10)];
    const first = sortFaqCategories(loaded, 'de');
    expect(sortFaqCategories(loaded, 'de')).toBe(first);
    expect(first.map((c) => c.name)).toEqual(['Abrechnung', 'Zählerwechsel']);
    expect(first[1]?.faqs.map((f) => f.question)).toEqual(['Ä?', 'Z?']);
    const english = sortFaqCategories(loaded, 'en');
    expect(english).not.toBe(first);
    expect(english.map((c) => c.name)).toEqual(['Abrechnung', 'Zählerwechsel']);
    // A new list (the CMS changed) is sorted afresh.
    const changed = [...loaded, category('Montage', [], 15)];
    expect(sortFaqCategories(changed, 'de').map((c) => c.name)).toEqual(['Abrechnung', 'Montage', 'Zählerwechsel']);
  });
});
