import { describe, expect, it } from 'vitest';
import { NAMES_OF_GERMANYS_COMMUNITIES, pdfText } from '../../../tests/support/pdf-text.ts';
import { buildRefundDocument, buildSepaMandateDocument, mandateWording } from './money-documents.ts';

const textOf = pdfText;

const MANDATE = {
  creditor: { name: 'Beispiel Solar GmbH', address: 'Beispielweg 12, 04109 Leipzig', creditorId: 'DE98ZZZ09999999999' },
  mandateReference: 'KP-100240-20261125-7QX3KD',
  sequenceType: 'RCUR' as const,
  debtor: { name: 'Jonas Weber', street: 'Katharinenstraße', houseNumber: '14', zip: '04109', locality: 'Leipzig' },
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  purpose: 'Wartungs- und Monitoringvertrag',
  projectId: 100240,
  place: 'Leipzig',
  createdAt: new Date('2026-11-25T10:00:00Z'),
};

describe('the SEPA mandate document (EPC SDD Core)', () => {
  it('holds every mandatory element and the German standard wording', async () => {
    const text = await textOf(await buildSepaMandateDocument(MANDATE));
    for (const element of [
      'SEPA-Lastschriftmandat',
      'Beispiel Solar GmbH',
      'Beispielweg 12, 04109 Leipzig',
      'Gläubiger-Identifikationsnummer',
      'DE98ZZZ09999999999',
      'Mandatsreferenz',
      'KP-100240-20261125-7QX3KD',
      'Wiederkehrende Zahlung',
      'Jonas Weber',
      'Katharinenstraße 14, 04109 Leipzig',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      'Leipzig, 25.11.2026',
      'Unterschrift des Kontoinhabers',
      '14 Kalendertage',
    ]) {
      expect(text, element).toContain(element);
    }
    const wording = mandateWording('Beispiel Solar GmbH').join(' ');
    expect(wording).toContain('Ich ermächtige die Beispiel Solar GmbH, Zahlungen von meinem Konto mittels Lastschrift einzuziehen.');
    expect(wording).toContain('Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen.');
    // The wording is on the page (lines wrap, so compare without line breaks).
    expect(text.replace(/\s+/g, ' ')).toContain('innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen');
  });

  it('names a one-off mandate as such and leaves the BIC out when unknown', async () => {
    const text = await textOf(await buildSepaMandateDocument({ ...MANDATE, sequenceType: 'OOFF', bic: null }));
    expect(text).toContain('Einmalige Zahlung');
    expect(text).toContain('innerhalb des EWR nicht nötig');
  });
});

describe('the refund document', () => {
  it('names amount, reason and account with the IBAN masked', async () => {
    const text = await textOf(
      await buildRefundDocument({ installerName: 'Beispiel Solar GmbH', projectId: 100240, amount: '312.45', reason: 'Förderzuschuss', invoiceNumber: 'SR-2026-0412', accountHolder: 'Jonas Weber', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', receivedAt: new Date('2026-11-25T10:00:00Z') }),
    );
    expect(text).toContain('312,45 €');
    expect(text).toContain('SR-2026-0412');
    expect(text).toContain('DE89 •••• 3000');
    expect(text).not.toContain('0532013000');
    expect(text).not.toContain('0532 0130');
  });
});

describe('names in every letter', () => {
  it.each(NAMES_OF_GERMANYS_COMMUNITIES)('the SEPA mandate and the refund document keep "%s"', async (name) => {
    const mandate = await textOf(await buildSepaMandateDocument({ ...MANDATE, debtor: { ...MANDATE.debtor, name, locality: 'Köln' } }));
    expect(mandate).toContain(`Name ${name}`);
    expect(mandate).not.toContain('?');
    const refund = await textOf(
      await buildRefundDocument({ installerName: 'Beispiel Solar GmbH', projectId: 100240, amount: '312.45', reason: 'Förderzuschuss', invoiceNumber: null, accountHolder: name, iban: 'DE89370400440532013000', bic: null, bankName: null, receivedAt: new Date('2026-11-25T10:00:00Z') }),
    );
    expect(refund).toContain(name);
    expect(refund).not.toContain('?');
  });
});
