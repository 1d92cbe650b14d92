import type { EmbeddedSigningType } from '../../contracts/signing.ts';
import { berlinDate, newPdf, wrap, write } from '../pdf/typesetting.ts';

/** What a power of attorney names: the customer, the installation, the installer, and for AC/DC the representative. */
export interface SigningDocumentData {
  type: EmbeddedSigningType;
  installerName: string;
  customer: { name: string; email: string };
  project: { id: number; street: string; houseNumber: string; zip: string; city: string };
  gridOperatorName: string;
  /** AC/DC representative powers of attorney: who acts for the customer, and at which appointment. */
  representative?: string | null;
  appointment?: { start: string; end: string } | null;
  createdAt: Date;
}

/** The document's title and file name, also the envelope's subject. */
export function documentTitle(type: EmbeddedSigningType): string {
  switch (type) {
    case 'NETWORK_OPERATOR_POWER_OF_ATTORNEY':
      return 'Vollmacht gegenüber dem Netzbetreiber';
    case 'MARKET_REGISTER_AUTHORIZATION':
      return 'Vollmacht für das Marktstammdatenregister';
    case 'DC_REPRESENTATIVE_POA':
      return 'Vollmacht für die Vertretung bei der DC-Montage';
    case 'AC_REPRESENTATIVE_POA':
      return 'Vollmacht für die Vertretung bei der AC-Montage';
  }
}

const berlinTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** The body text of each power of attorney, in plain German (a power of attorney needs no form: BGB § 167 Abs. 2). */
function paragraphs(data: SigningDocumentData): string[] {
  const site = `${data.project.street} ${data.project.houseNumber}, ${data.project.zip} ${data.project.city}`;
  const me = `Ich, ${data.customer.name}, bevollmächtige die ${data.installerName}`;
  switch (data.type) {
    case 'NETWORK_OPERATOR_POWER_OF_ATTORNEY':
      return [
        `${me}, für meine Anlage am Standort ${site} (Projekt ${data.project.id}) gegenüber dem Netzbetreiber ${data.gridOperatorName} alle Erklärungen abzugeben und entgegenzunehmen, die für den Netzanschluss nötig sind.`,
        'Das umfasst insbesondere: das Netzanschlussbegehren mit den Formularen und Datenblättern nach VDE-AR-N 4105, Antworten auf Nachforderungen, die Fertigmeldung mit dem Inbetriebnahmeprotokoll sowie die Beauftragung des Zählerwechsels beim Messstellenbetreiber.',
        'Die Vollmacht gilt bis zum Abschluss des Projekts. Ich kann sie jederzeit widerrufen.',
      ];
    case 'MARKET_REGISTER_AUTHORIZATION':
      return [
        `${me}, meine Anlage am Standort ${site} (Projekt ${data.project.id}) und einen dazugehörigen Stromspeicher als Betreiber im Marktstammdatenregister der Bundesnetzagentur zu registrieren und die Angaben bis zum Abschluss des Projekts aktuell zu halten.`,
        'Die Registrierung erfolgt im Dienstleisterkonto der Bevollmächtigten. Ich gebe dafür kein Passwort weiter. Die Registrierung ist innerhalb eines Monats nach der Inbetriebnahme Pflicht (Marktstammdatenregisterverordnung).',
        'Ich kann die Vollmacht jederzeit widerrufen; dann registriere ich die Anlage selbst.',
      ];
    case 'DC_REPRESENTATIVE_POA':
    case 'AC_REPRESENTATIVE_POA': {
      const part = data.type === 'DC_REPRESENTATIVE_POA' ? 'DC-Montage (Module auf dem Dach)' : 'AC-Montage (Wechselrichter, Speicher, Zählerschrank)';
      const when = data.appointment
        ? ` am ${berlinDate.format(new Date(data.appointment.start))} von ${berlinTime.format(new Date(data.appointment.start))} bis ${berlinTime.format(new Date(data.appointment.end))} Uhr`
        : '';
      return [
        `Ich, ${data.customer.name}, bevollmächtige ${data.representative ?? '—'}, mich beim Termin der ${part}${when} für meine Anlage am Standort ${site} (Projekt ${data.project.id}) gegenüber der ${data.installerName} zu vertreten.`,
        'Die Vertretung darf dem Montageteam Zugang zum Gebäude und zum Zählerschrank gewähren, Fragen zur Ausführung beantworten und das Abnahmeprotokoll unterschreiben.',
        'Die Vollmacht gilt nur für diesen Termin.',
      ];
    }
  }
}

/**
 * The power of attorney as a one-page A4 PDF made from the customer's data (pdf-lib, set in Noto Sans: docs/files.md). The signature area at the foot
 * of the page stays free: the provider stamps the signature and the audit line there.
 */
export async function buildSigningDocument(data: SigningDocumentData): Promise<Uint8Array> {
  const { pdf, fonts } = await newPdf({ title: documentTitle(data.type), author: data.installerName, createdAt: data.createdAt });
  const { regular, bold } = fonts;
  const page = pdf.addPage([595.28, 841.89]);
  const width = 595.28 - 112;

  let y = write(page, [data.installerName], { x: 56, y: 790 }, bold, 11, 16);
  y = write(page, wrap(documentTitle(data.type), bold, 18, width), { x: 56, y: y - 24 }, bold, 18, 24);
  y -= 8;
  const facts = [
    `Vollmachtgeber/in: ${data.customer.name} (${data.customer.email})`,
    `Anlage: ${data.project.street} ${data.project.houseNumber}, ${data.project.zip} ${data.project.city}`,
    `Projekt: ${data.project.id}`,
    ...(data.type === 'NETWORK_OPERATOR_POWER_OF_ATTORNEY' ? [`Netzbetreiber: ${data.gridOperatorName}`] : []),
    ...(data.representative ? [`Vertretung: ${data.representative}`] : []),
  ];
  y = write(page, facts.flatMap((fact) => wrap(fact, regular, 10.5, width)), { x: 56, y }, regular, 10.5, 15);
  y -= 12;
  for (const paragraph of paragraphs(data)) {
    y = write(page, wrap(paragraph, regular, 11, width), { x: 56, y }, regular, 11, 16) - 10;
  }
  write(page, [`${data.project.city}, ${berlinDate.format(data.createdAt)}`], { x: 56, y: 150 }, regular, 11, 16);
  write(page, ['Unterschrift'], { x: 56, y: 124 }, regular, 8, 10);
  return pdf.save();
}
