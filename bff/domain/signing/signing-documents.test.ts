import { describe, expect, it } from 'vitest';
import { NAMES_OF_GERMANYS_COMMUNITIES, pdfText } from '../../../tests/support/pdf-text.ts';
import { buildSigningDocument, type SigningDocumentData } from './signing-documents.ts';

const base: SigningDocumentData = {
  type: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY',
  installerName: 'Beispiel Solar GmbH',
  customer: { name: 'Mehmet Yılmaz', email: 'mehmet.yilmaz@example.de' },
  project: { id: 100234, street: 'Karl-Heine-Straße', houseNumber: '12', zip: '04229', city: 'Leipzig' },
  gridOperatorName: 'Netz Leipzig GmbH',
  createdAt: new Date('2026-11-25T10:00:00Z'),
};

describe('the power of attorney keeps every letter of a name', () => {
  it('signs the demo customer as "Mehmet Yılmaz", not "Mehmet Y?lmaz"', async () => {
    const text = await pdfText(await buildSigningDocument(base));
    expect(text).toContain('Ich, Mehmet Yılmaz, bevollmächtige die Beispiel Solar GmbH');
    expect(text).toContain('Vollmachtgeber/in: Mehmet Yılmaz (mehmet.yilmaz@example.de)');
    expect(text).not.toContain('?');
  });

  it.each(NAMES_OF_GERMANYS_COMMUNITIES)('%s, as customer and as representative, in every power of attorney', async (name) => {
    for (const type of ['NETWORK_OPERATOR_POWER_OF_ATTORNEY', 'MARKET_REGISTER_AUTHORIZATION', 'DC_REPRESENTATIVE_POA', 'AC_REPRESENTATIVE_POA'] as const) {
      const text = await pdfText(await buildSigningDocument({ ...base, type, customer: { ...base.customer, name }, representative: name, project: { ...base.project, city: 'Köln' } }));
      expect(text, type).toContain(`Ich, ${name}, bevollmächtige`);
      expect(text, type).not.toContain('?');
    }
  });

  it('draws a character the font cannot show as "?" rather than an invisible box', async () => {
    const text = await pdfText(await buildSigningDocument({ ...base, customer: { ...base.customer, name: 'Anna 😀 Schmidt' } }));
    expect(text).toContain('Anna ? Schmidt');
  });

  it('stays small: the font is embedded as a subset', async () => {
    expect((await buildSigningDocument(base)).byteLength).toBeLessThan(60_000);
  });
});
