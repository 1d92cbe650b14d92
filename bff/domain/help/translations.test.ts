import { describe, expect, it } from 'vitest';
import type { Faq, FaqCategory } from '../../contracts/help.ts';
import { faqsOverGerman, overGermanByTitle, topicsOverGerman, translatedOver } from './translations.ts';

const faq = (slug: string, lang: 'de' | 'en', sortOrder: number): Faq => ({ slug, lang, question: `${slug} ${lang}`, answer: [], sortOrder });
const category = (slug: string, lang: 'de' | 'en', sortOrder: number, faqs: Faq[]): FaqCategory => ({ slug, lang, name: `${slug} ${lang}`, sortOrder, faqs });

describe('English help over German', () => {
  it('takes translated FAQs and category names, keeps German for the rest, in the editors’ order', () => {
    const german = [
      category('ablauf', 'de', 10, [faq('a', 'de', 10), faq('b', 'de', 20)]),
      category('montage', 'de', 20, [faq('c', 'de', 10)]),
    ];
    const english = [category('ablauf', 'en', 10, [faq('b', 'en', 20), faq('new', 'en', 15)])];
    const merged = faqsOverGerman(german, english);
    expect(merged.map((c) => [c.name, c.lang])).toEqual([
      ['ablauf en', 'en'],
      ['montage de', 'de'],
    ]);
    expect(merged[0]?.faqs.map((f) => [f.slug, f.lang])).toEqual([
      ['a', 'de'],
      ['new', 'en'],
      ['b', 'en'],
    ]);
    expect(merged[1]?.faqs.map((f) => f.lang)).toEqual(['de']);
  });

  it('keeps a translated FAQ in its German category when the category is not translated yet', () => {
    const merged = faqsOverGerman([category('montage', 'de', 20, [faq('c', 'de', 10)])], [category('other', 'en', 5, [faq('c', 'en', 10)])]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.faqs).toEqual([faq('c', 'en', 10)]);
    expect(merged[0]?.lang).toBe('de');
  });

  it('matches by CMS document, so an English slug of its own does not change the address', () => {
    const german = [category('ablauf', 'de', 10, [{ ...faq('wie-verknuepfe-ich', 'de', 10), documentId: 'doc1' }])];
    const english = [category('ablauf', 'en', 10, [{ ...faq('how-do-i-link', 'en', 10), documentId: 'doc1' }])];
    const [merged] = faqsOverGerman(german, english);
    expect(merged?.faqs).toEqual([{ ...faq('how-do-i-link', 'en', 10), documentId: 'doc1', slug: 'wie-verknuepfe-ich' }]);
  });

  it('sorts articles by the title shown and adds English-only entries', () => {
    type Entry = { slug: string; title: string; lang: 'de' | 'en' };
    const german: Entry[] = [
      { slug: 'speicher', title: 'Speicher verstehen', lang: 'de' },
      { slug: 'wallbox', title: 'Wallbox laden', lang: 'de' },
    ];
    const english: Entry[] = [
      { slug: 'speicher', title: 'Understanding your battery', lang: 'en' },
      { slug: 'english-only', title: 'About heat pumps', lang: 'en' },
    ];
    expect(overGermanByTitle(german, english).map((a) => `${a.title} (${a.lang})`)).toEqual([
      'About heat pumps (en)',
      'Understanding your battery (en)',
      'Wallbox laden (de)',
    ]);
  });

  it('takes what both languages share from German, which Strapi copies to English only after saving', () => {
    type Contact = { lang: 'de' | 'en'; phone: string; hours: string; company: string };
    const german: Contact = { lang: 'de', phone: '0341 2', hours: 'Mo–Fr', company: 'Beispiel Solar GmbH' };
    const english: Contact = { lang: 'en', phone: '0341 1', hours: 'Mon–Fri', company: 'Beispiel Solar GmbH' };
    expect(translatedOver(german, english, ['phone', 'company'])).toEqual({ lang: 'en', phone: '0341 2', hours: 'Mon–Fri', company: 'Beispiel Solar GmbH' });
    const [merged] = faqsOverGerman([category('a', 'de', 1, [faq('x', 'de', 30)])], [category('a', 'en', 1, [faq('x', 'en', 10)])]);
    expect(merged?.faqs[0]).toMatchObject({ lang: 'en', sortOrder: 30 });
  });

  it('matches message topics by their document id', () => {
    expect(
      topicsOverGerman(
        [
          { id: 'd1', title: 'Rechnung', lang: 'de' },
          { id: 'd2', title: 'Montage', lang: 'de' },
          { id: 'd3', title: 'Schlussrechnung', parentId: 'd1', lang: 'de' },
        ],
        // Relations are per locale: the English entry has no parent; the German tree counts.
        [
          { id: 'd2', title: 'Installation', lang: 'en' },
          { id: 'd3', title: 'Final invoice', parentId: null, lang: 'en' },
        ],
      ),
    ).toEqual([
      { id: 'd1', title: 'Rechnung', parentId: null, lang: 'de' },
      { id: 'd2', title: 'Installation', parentId: null, lang: 'en' },
      { id: 'd3', title: 'Final invoice', parentId: 'd1', lang: 'en' },
    ]);
  });
});
