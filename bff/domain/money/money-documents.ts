import { rgb, type PDFPage } from 'pdf-lib';
import { berlinDate, drawable, newPdf, wrap, write, type Fonts } from '../pdf/typesetting.ts';
import { formatEuro } from './amounts.ts';
import { maskIban } from './iban.ts';
import { checkIbanLocally } from './iban.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;

async function newDocument(meta: { title: string; author: string; createdAt: Date }) {
  const { pdf, fonts } = await newPdf(meta);
  return { pdf, fonts, page: pdf.addPage(A4) };
}

function heading(page: PDFPage, fonts: Fonts, text: string, y: number, size = 12): number {
  return write(page, wrap(text, fonts.bold, size, WIDTH), { x: MARGIN, y }, fonts.bold, size, size + 5) - 2;
}

/** Label and value in two columns (what a form shows). */
function facts(page: PDFPage, fonts: Fonts, rows: [string, string][], y: number): number {
  let at = y;
  for (const [label, value] of rows) {
    page.drawText(drawable(label, fonts.regular), { x: MARGIN, y: at, size: 10, font: fonts.regular, color: rgb(0.27, 0.34, 0.42) });
    const lines = wrap(value, fonts.regular, 10.5, WIDTH - 170);
    at = write(page, lines, { x: MARGIN + 170, y: at }, fonts.regular, 10.5, 14) - 2;
  }
  return at;
}

function paragraph(page: PDFPage, fonts: Fonts, text: string, y: number, size = 10.5): number {
  return write(page, wrap(text, fonts.regular, size, WIDTH), { x: MARGIN, y }, fonts.regular, size, size + 4.5) - 6;
}

export interface SepaMandateDocumentData {
  creditor: { name: string; address: string; creditorId: string };
  mandateReference: string;
  sequenceType: 'RCUR' | 'OOFF';
  debtor: { name: string; street: string; houseNumber: string; zip: string; locality: string };
  iban: string;
  bic: string | null;
  bankName: string | null;
  purpose: string;
  projectId: number;
  place: string;
  createdAt: Date;
}

/** The German standard wording of the SEPA Core mandate (Deutsche Kreditwirtschaft), with the creditor's name. */
export function mandateWording(creditorName: string): string[] {
  return [
    `Ich ermächtige die ${creditorName}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von der ${creditorName} auf mein Konto gezogenen Lastschriften einzulösen.`,
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
  ];
}

/**
 * The SEPA Core direct-debit mandate as a one-page A4 PDF with every element the EPC rulebook makes mandatory: title,
 * creditor's name, address and creditor identifier, mandate reference, type of payment (recurrent or one-off), the
 * standard wording with the eight-week refund right, the debtor's name, address, IBAN (and BIC where known), place and
 * date; the signature area stays free for the provider's stamp.
 */
export async function buildSepaMandateDocument(data: SepaMandateDocumentData): Promise<Uint8Array> {
  const { pdf, fonts, page } = await newDocument({ title: 'SEPA-Lastschriftmandat', author: data.creditor.name, createdAt: data.createdAt });
  let y = write(page, [data.creditor.name], { x: MARGIN, y: 790 }, fonts.bold, 11, 16);
  y = write(page, ['SEPA-Lastschriftmandat'], { x: MARGIN, y: y - 20 }, fonts.bold, 20, 24);
  y = paragraph(page, fonts, data.sequenceType === 'RCUR' ? 'für wiederkehrende Zahlungen (SEPA-Basislastschrift)' : 'für eine einmalige Zahlung (SEPA-Basislastschrift)', y);
  y -= 4;
  y = heading(page, fonts, 'Zahlungsempfänger (Gläubiger)', y);
  y = facts(
    page,
    fonts,
    [
      ['Name', data.creditor.name],
      ['Anschrift', data.creditor.address],
      ['Gläubiger-Identifikationsnummer', data.creditor.creditorId],
      ['Mandatsreferenz', data.mandateReference],
      ['Zahlungsart', data.sequenceType === 'RCUR' ? 'Wiederkehrende Zahlung' : 'Einmalige Zahlung'],
      ['Zweck', `${data.purpose} (Projekt ${data.projectId})`],
    ],
    y,
  );
  y -= 8;
  for (const text of mandateWording(data.creditor.name)) y = paragraph(page, fonts, text, y, 11);
  y -= 4;
  y = heading(page, fonts, 'Zahlungspflichtiger (Kontoinhaber)', y);
  y = facts(
    page,
    fonts,
    [
      ['Name', data.debtor.name],
      ['Anschrift', `${data.debtor.street} ${data.debtor.houseNumber}, ${data.debtor.zip} ${data.debtor.locality}`],
      ['Kreditinstitut', data.bankName ?? '–'],
      ['BIC', data.bic ?? '– (innerhalb des EWR nicht nötig)'],
      ['IBAN', checkIbanLocally(data.iban).formatted],
    ],
    y,
  );
  y -= 8;
  paragraph(
    page,
    fonts,
    `Vor jeder Abbuchung kündigen wir Dir Betrag und Fälligkeit mindestens 14 Kalendertage vorher an (Vorabankündigung). Bitte sorge zur Fälligkeit für ausreichende Deckung. Das Mandat erlischt, wenn es 36 Monate lang nicht genutzt wird.`,
    y,
    9.5,
  );
  write(page, [`${data.place}, ${berlinDate.format(data.createdAt)}`], { x: MARGIN, y: 150 }, fonts.regular, 11, 16);
  write(page, ['Ort, Datum', 'Unterschrift des Kontoinhabers'], { x: MARGIN, y: 124 }, fonts.regular, 8, 10);
  return pdf.save();
}

export interface RefundDocumentData {
  installerName: string;
  projectId: number;
  amount: string;
  reason: string;
  invoiceNumber: string | null;
  accountHolder: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
  receivedAt: Date;
}

/**
 * The refund document (document type REFUND): what the installer pays back and to which account, as the customer
 * confirmed it in the portal. The IBAN appears masked: the document lives on beside the account it names.
 */
export async function buildRefundDocument(data: RefundDocumentData): Promise<Uint8Array> {
  const title = 'Erstattung – Bestätigung Deiner Bankverbindung';
  const { pdf, fonts, page } = await newDocument({ title, author: data.installerName, createdAt: data.receivedAt });
  let y = write(page, [data.installerName], { x: MARGIN, y: 790 }, fonts.bold, 11, 16);
  y = write(page, wrap(title, fonts.bold, 18, WIDTH), { x: MARGIN, y: y - 20 }, fonts.bold, 18, 22);
  y -= 6;
  y = facts(
    page,
    fonts,
    [
      ['Projekt', String(data.projectId)],
      ...(data.invoiceNumber ? ([['Rechnung', data.invoiceNumber]] as [string, string][]) : []),
      ['Grund', data.reason],
      ['Betrag', formatEuro(data.amount)],
      ['Kontoinhaber/in', data.accountHolder],
      ['IBAN', maskIban(data.iban)],
      ['BIC', data.bic ?? '–'],
      ['Kreditinstitut', data.bankName ?? '–'],
      ['Bankverbindung erhalten am', berlinDate.format(data.receivedAt)],
    ],
    y,
  );
  y -= 10;
  paragraph(page, fonts, `Wir überweisen Dir ${formatEuro(data.amount)} auf dieses Konto, in der Regel innerhalb von zehn Bankarbeitstagen. Stimmt etwas nicht, schreib uns bitte über „Nachrichten“ im Kundenportal.`, y, 11);
  return pdf.save();
}
