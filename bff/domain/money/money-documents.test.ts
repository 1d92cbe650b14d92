import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildRefundDocument, buildSepaMandateDocument, mandateWording } from './money-documents.ts';

/** The text a PDF of pdf-lib draws: its content streams inflated, the hex strings of `Tj` decoded (WinAnsi), lines joined. */
function textOf(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = raw[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = raw.indexOf('endstream', dataStart, 'latin1');
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(raw.subarray(dataStart, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1').replace(/\x80/g, '€').replace(/\x84/g, '„').replace(/\x93/g, '“').replace(/\x96/g, '–').replace(/\x95/g, '•'));
  }
  return lines.join(' ');
}

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
    const text = textOf(await buildSepaMandateDocument(MANDATE));
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
    const text = textOf(await buildSepaMandateDocument({ ...MANDATE, sequenceType: 'OOFF', bic: null }));
    expect(text).toContain('Einmalige Zahlung');
    expect(text).toContain('innerhalb des EWR nicht nötig');
  });
});

describe('the refund document', () => {
  it('names amount, reason and account with the IBAN masked', async () => {
    const text = textOf(
      await buildRefundDocument({ installerName: 'Beispiel Solar GmbH', projectId: 100240, amount: '312.45', reason: 'Förderzuschuss', invoiceNumber: 'SR-2026-0412', accountHolder: 'Jonas Weber', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', receivedAt: new Date('2026-11-25T10:00:00Z') }),
    );
    expect(text).toContain('312,45 €');
    expect(text).toContain('SR-2026-0412');
    expect(text).toContain('DE89 •••• 3000');
    expect(text).not.toContain('0532013000');
    expect(text).not.toContain('0532 0130');
  });
});
