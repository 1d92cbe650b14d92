import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FaqCategorySchema, type FaqCategory } from '~/bff/contracts/help.ts';
import { buildFaqIndex, termOf } from './faqRanking.ts';

/**
 * The relevance set (docs/help-search.md): real customer queries against the FAQs the portal ships (cms/seed), each with the
 * FAQ that must come first or among the first three. Compact seed text is turned into paragraphs (markdown marks and
 * link targets dropped) the way the CMS serves it.
 */
type SeedAnswer = (string | { list?: string[]; ordered?: string[] })[];
const seed = (file: string) => JSON.parse(readFileSync(new URL(`../../../cms/seed/${file}`, import.meta.url), 'utf8')) as unknown;
const plain = (text: string) => text.replace(/\*\*/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text: plain(text) }] });

const shipped = (lang: 'de' | 'en'): FaqCategory[] => {
  const folder = lang === 'en' ? 'en/' : '';
  const faqs = seed(`${folder}faqs.json`) as { slug: string; category: string; sortOrder: number; question: string; answer: SeedAnswer }[];
  return (seed(`${folder}faq-categories.json`) as { slug: string; name: string; sortOrder: number }[]).map((c) =>
    FaqCategorySchema.parse({
      ...c,
      lang,
      faqs: faqs
        .filter((f) => f.category === c.slug)
        .map((f) => ({
          slug: f.slug,
          lang,
          question: f.question,
          sortOrder: f.sortOrder,
          answer: f.answer.flatMap((block) => (typeof block === 'string' ? [paragraph(block)] : (block.list ?? block.ordered ?? []).map(paragraph))),
        })),
    }),
  );
};
const index = buildFaqIndex(shipped('de'));
const ranked = (q: string) => index.search(q).map((hit) => hit.slug);

describe('help search relevance', () => {
  // One of the expected FAQs is the first hit ('top3': among the first three; "Netzanmeldung" is also a step of the
  // project overview, which may come first), and all expected FAQs come right after.
  it.each([
    ['Speicher', ['wie-gross-sollte-mein-stromspeicher-sein', 'funktioniert-mein-speicher-bei-stromausfall', 'wie-lange-haelt-ein-stromspeicher']],
    ['Stromspeicher', ['wie-gross-sollte-mein-stromspeicher-sein', 'wie-lange-haelt-ein-stromspeicher']],
    ['Netzanmeldung', ['wer-meldet-meine-anlage-beim-netzbetreiber-an'], 'top3'],
    ['Rechnung', ['wie-bezahle-ich-meine-rechnung']],
    ['Vollmacht', ['warum-braucht-ihr-eine-vollmacht']],
    ['Wallbox laden', ['kann-ich-mein-auto-mit-solarstrom-laden']],
    ['Wallbox anmelden', ['muss-ich-meine-wallbox-anmelden']],
    ['Zähler', ['warum-wird-mein-zaehler-gewechselt']],
    ['Zaehler tausch', ['warum-wird-mein-zaehler-gewechselt']],
    ['Stromausfall', ['funktioniert-mein-speicher-bei-stromausfall']],
    ['Einspeisevergütung', ['wie-hoch-ist-die-einspeiseverguetung', 'wer-zahlt-die-einspeiseverguetung']],
    ['Mehrwertsteuer', ['welche-mehrwertsteuer-gilt-fuer-meine-pv-anlage']],
    ['Marktstammdatenregister', ['was-ist-das-marktstammdatenregister', 'koennt-ihr-die-mastr-registrierung-uebernehmen']],
    ['Smart Meter', ['was-ist-ein-smart-meter']],
    ['Dauer der Montage', ['wie-lange-dauert-die-montage']],
    ['schlechtes Wetter', ['was-passiert-bei-schlechtem-wetter']],
    ['Autarkie', ['was-bedeuten-autarkie-und-eigenverbrauch']],
    ['Monitoring keine Daten', ['warum-zeigt-mein-monitoring-keine-daten']],
    ['KfW Kredit', ['was-ist-der-kfw-kredit-270']],
    ['Förderung Wärmepumpe', ['gibt-es-foerderung-fuer-waermepumpen']],
    ['Projekt verknüpfen', ['wie-verknuepfe-ich-mein-projekt']],
    ['Dokumente', ['wo-finde-ich-meine-dokumente']],
    ['Elektroauto', ['kann-ich-mein-auto-mit-solarstrom-laden']],
    ['14a', ['was-bedeutet-paragraf-14a-enwg']],
    // Typos
    ['Rechnug', ['wie-bezahle-ich-meine-rechnung']],
    ['Volmacht', ['warum-braucht-ihr-eine-vollmacht']],
    ['Wärmepumppe Förderung', ['gibt-es-foerderung-fuer-waermepumpen']],
  ] as [string, string[], ('top3' | undefined)?][])('"%s" finds the expected FAQ first (or in the top three)', (q, expected, mode) => {
    const hits = ranked(q);
    if (mode !== 'top3') expect(expected, `${q}: ${hits.slice(0, 5).join(', ')}`).toContain(hits[0]);
    // Several expected FAQs: all of them right behind (one other hit may come between, e.g. MaStR for "Speicher").
    const window = expected.length > 1 ? expected.length + 1 : 3;
    for (const slug of expected) expect(hits.slice(0, window), `${q}: ${hits.slice(0, 5).join(', ')}`).toContain(slug);
  });

  it('finds nothing for words the help does not cover, and for stop words only', () => {
    expect(ranked('Kreuzfahrt')).toEqual([]);
    expect(ranked('wie und was')).toEqual([]);
  });
});

describe('typo tolerance', () => {
  const english = buildFaqIndex(shipped('en'), 'en');
  const indexOf = (lang: 'de' | 'en') => (lang === 'de' ? index : english);

  it('"Speiher" finds exactly what "Speicher" finds, never more', () => {
    expect(ranked('Speicher').length).toBeGreaterThan(10);
    expect(ranked('Speiher')).toEqual(ranked('Speicher'));
    expect(ranked('Stromspeiher')).toEqual(ranked('Stromspeicher'));
  });

  it.each([
    ['de', 'Speiher', 'Speicher'],
    ['de', 'Rechnug', 'Rechnung'],
    ['de', 'Volmacht', 'Vollmacht'],
    ['de', 'Wallbx', 'Wallbox'],
    ['de', 'Wechselrichtr', 'Wechselrichter'],
    ['de', 'Stromausfal', 'Stromausfall'],
    ['de', 'Einspeisevergütng', 'Einspeisevergütung'],
    ['de', 'Marktstammdatenregster', 'Marktstammdatenregister'],
    ['de', 'Monitorng', 'Monitoring'],
    ['de', 'Elektroato', 'Elektroauto'],
    ['de', 'Wärmepumppe', 'Wärmepumpe'],
    ['en', 'invoce', 'invoice'],
    ['en', 'batery', 'battery'],
    ['en', 'registraton', 'registration'],
  ] as const)('(%s) the typo "%s" finds exactly what "%s" finds', (lang, typo, word) => {
    const search = indexOf(lang);
    expect(search.search(word).length).toBeGreaterThan(0);
    expect(search.search(typo).map((hit) => hit.slug)).toEqual(search.search(word).map((hit) => hit.slug));
  });

  it.each(['de', 'en'] as const)('(%s) a corrected word is searched exactly like a word of the help, and a left-out letter mostly leads back to the word', (lang) => {
    const search = indexOf(lang);
    const words = [...new Set(shipped(lang).flatMap((c) => c.faqs.flatMap((f) => `${f.question} ${JSON.stringify(f.answer)}`.split(/[^\p{L}]+/u))))].filter((w) => w.length >= 6);
    let corrected = 0;
    let back = 0;
    for (const word of words) {
      const [term] = search.termsSearched(word);
      if (!term || search.search(word).length === 0) continue;
      const middle = Math.floor(word.length / 2);
      const typo = word.slice(0, middle) + word.slice(middle + 1);
      const [typoTerm] = search.termsSearched(typo);
      const asTyped = termOf(typo, lang);
      if (!typoTerm || typoTerm === asTyped) continue; // the typo is itself a word (or the start of one) of the help
      corrected += 1;
      // Never a looser search: the typo finds exactly what the word it is corrected to finds.
      expect(search.search(typo), `${typo} → ${typoTerm}`).toEqual(search.searchTerms(search.termsSearched(typo)));
      if (typoTerm === term) {
        back += 1;
        expect(search.search(typo).length, `${typo} → ${word}`).toBe(search.search(word).length);
      }
    }
    expect(corrected).toBeGreaterThan(50);
    expect(back / corrected).toBeGreaterThan(0.95);
  });
});

describe('help search relevance in English', () => {
  const english = buildFaqIndex(shipped('en'), 'en');
  const rankedEn = (q: string) => english.search(q).map((hit) => hit.slug);

  it.each([
    ['battery', ['wie-gross-sollte-mein-stromspeicher-sein', 'funktioniert-mein-speicher-bei-stromausfall', 'wie-lange-haelt-ein-stromspeicher']],
    ['power cut', ['funktioniert-mein-speicher-bei-stromausfall']],
    ['invoice', ['wie-bezahle-ich-meine-rechnung']],
    ['power of attorney', ['warum-braucht-ihr-eine-vollmacht']],
    ['charge electric car', ['kann-ich-mein-auto-mit-solarstrom-laden']],
    ['register wallbox', ['muss-ich-meine-wallbox-anmelden']],
    ['meter replaced', ['warum-wird-mein-zaehler-gewechselt']],
    ['feed-in tariff', ['wie-hoch-ist-die-einspeiseverguetung', 'wer-zahlt-die-einspeiseverguetung']],
    ['VAT', ['welche-mehrwertsteuer-gilt-fuer-meine-pv-anlage']],
    ['smart meter', ['was-ist-ein-smart-meter']],
    ['link project', ['wie-verknuepfe-ich-mein-projekt']],
    ['heat pump funding', ['gibt-es-foerderung-fuer-waermepumpen']],
    ['grid registration', ['wer-meldet-meine-anlage-beim-netzbetreiber-an'], 'top3'],
    ['documents', ['wo-finde-ich-meine-dokumente']],
    ['bad weather', ['was-passiert-bei-schlechtem-wetter']],
    ['monitoring no data', ['warum-zeigt-mein-monitoring-keine-daten']],
    ['KfW loan', ['was-ist-der-kfw-kredit-270']],
    // Typos: one letter missing, wrong or extra per five letters (swapped letters count twice).
    ['invoce', ['wie-bezahle-ich-meine-rechnung']],
    ['batery storage', ['wie-gross-sollte-mein-stromspeicher-sein', 'wie-lange-haelt-ein-stromspeicher']],
  ] as [string, string[], ('top3' | undefined)?][])('"%s" finds the expected FAQ first (or in the top three)', (q, expected, mode) => {
    const hits = rankedEn(q);
    if (mode !== 'top3') expect(expected, `${q}: ${hits.slice(0, 5).join(', ')}`).toContain(hits[0]);
    const window = expected.length > 1 ? expected.length + 1 : 3;
    for (const slug of expected) expect(hits.slice(0, window), `${q}: ${hits.slice(0, 5).join(', ')}`).toContain(slug);
  });

  it('ignores English stop words', () => {
    expect(rankedEn('how and what')).toEqual([]);
  });
});
