import type { PDFPage } from 'pdf-lib';
import type { Language } from '../../contracts/auth.ts';
import type { Anlagenpass } from '../../contracts/exports.ts';
import type { IotSite } from '../../ports/iot-cloud.ts';
import type { ManagedJourney, ManagedProject } from '../../ports/management-service.ts';
import { newPdf, wrap, write, type Fonts } from '../pdf/typesetting.ts';

/**
 * The Anlagenpass (docs/exports.md "Anlagenpass"): the installation's facts from the management service (project,
 * grid operator, Marktstammdatenregister) and the IoT cloud (components, commissioning), the warranty documents the
 * installer handed over. A fact nobody has is null (the PDF says "noch nicht bekannt"), never guessed; a source that
 * did not answer is named in `unavailable`.
 */
export function buildAnlagenpass(input: {
  project: ManagedProject;
  site: IotSite | null;
  journey: ManagedJourney | null;
  warranties: { title: string; createdAt: string | null }[];
  unavailable: Anlagenpass['unavailable'];
  now: Date;
}): Anlagenpass {
  const { project, site, journey } = input;
  const a = project.address;
  const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);
  return {
    format: 'kundenportal-anlagenpass/1',
    createdAt: input.now.toISOString(),
    project: { id: project.id, customerNumber: project.customerNumber, address: `${a.street} ${a.houseNumber}, ${a.zip} ${a.city}` },
    installation: {
      peakPowerKw: site?.pvPeakPowerKw ?? journey?.peakPowerKw ?? null,
      batteryCapacityKwh: site?.batteryCapacityKwh ?? null,
      commissionedAt: site?.commissionedAt ?? journey?.commissionedAt ?? null,
    },
    components: (site?.devices ?? []).map((d) => ({ type: d.type, manufacturer: d.manufacturer, model: d.model, serialNumber: text(d.serialNumber), firmware: text(d.firmware) })),
    gridOperator: { name: text(journey?.gridOperator.name), caseNumber: text(journey?.gridOperator.caseNumber), meterSetAt: journey?.gridOperator.meterSetAt ?? null },
    mastr: { operatorNumber: text(journey?.mastr.operatorNumber), unitNumbers: journey?.mastr.unitNumbers ?? [], registeredAt: journey?.mastr.registeredAt ?? null },
    warranties: input.warranties,
    unavailable: input.unavailable,
  };
}

const TEXTS = {
  de: {
    title: 'Anlagenpass',
    unknown: 'noch nicht bekannt',
    unavailable: 'Ein Dienst hat nicht geantwortet; was von ihm käme, steht hier als „noch nicht bekannt“.',
    project: 'Projekt',
    projectId: 'Projektnummer',
    customerNumber: 'Kundennummer',
    address: 'Anschrift',
    installation: 'Anlage',
    peakPower: 'Leistung (kWp)',
    battery: 'Speicher (kWh)',
    commissioned: 'Inbetriebnahme',
    components: 'Komponenten',
    none: 'noch keine bekannt',
    serial: 'Seriennummer',
    firmware: 'Firmware',
    grid: 'Netzbetreiber',
    gridName: 'Name',
    caseNumber: 'Vorgangsnummer',
    meterSet: 'Zähler gesetzt',
    mastr: 'Marktstammdatenregister',
    operatorNumber: 'Betreibernummer',
    unitNumbers: 'Einheiten (SEE)',
    registered: 'Registriert am',
    warranties: 'Garantien',
    created: 'Erstellt am',
    types: { INVERTER: 'Wechselrichter', BATTERY: 'Speicher', METER: 'Zähler', WALLBOX: 'Wallbox', HEAT_PUMP: 'Wärmepumpe' } as Record<string, string>,
  },
  en: {
    title: 'System passport (Anlagenpass)',
    unknown: 'not known yet',
    unavailable: 'A service did not answer; what it would give shows here as “not known yet”.',
    project: 'Project',
    projectId: 'Project number',
    customerNumber: 'Customer number',
    address: 'Address',
    installation: 'Installation',
    peakPower: 'Peak power (kWp)',
    battery: 'Battery (kWh)',
    commissioned: 'Commissioned',
    components: 'Components',
    none: 'none known yet',
    serial: 'Serial number',
    firmware: 'Firmware',
    grid: 'Grid operator',
    gridName: 'Name',
    caseNumber: 'Case number',
    meterSet: 'Meter installed',
    mastr: 'Market master data register (MaStR)',
    operatorNumber: 'Operator number',
    unitNumbers: 'Units (SEE)',
    registered: 'Registered on',
    warranties: 'Warranties',
    created: 'Created on',
    types: { INVERTER: 'Inverter', BATTERY: 'Battery', METER: 'Meter', WALLBOX: 'Wallbox', HEAT_PUMP: 'Heat pump' } as Record<string, string>,
  },
} satisfies Record<Language, unknown>;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const LABEL_WIDTH = 170;

/** The Anlagenpass as a PDF in the customer's language, set like the portal's other PDFs (bff/domain/pdf). */
export async function anlagenpassPdf(pass: Anlagenpass, lang: Language, installerName: string): Promise<Uint8Array> {
  const t = TEXTS[lang];
  const locale = lang === 'de' ? 'de-DE' : 'en-GB';
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)) : t.unknown);
  const number = (value: number | null) => (value === null ? t.unknown : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value));
  const known = (value: string | null) => value ?? t.unknown;

  const { pdf, fonts } = await newPdf({ title: `${t.title} ${pass.project.id}`, author: installerName, createdAt: new Date(pass.createdAt) });
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const heading = (text: string, size = 13) => {
    room(size + 40);
    y = write(page, wrap(text, fonts.bold, size, WIDTH), { x: MARGIN, y }, fonts.bold, size, size + 6) - 4;
  };
  const facts = (rows: [string, string][]) => {
    for (const [label, value] of rows) {
      const lines = wrap(value, fonts.regular, 10.5, WIDTH - LABEL_WIDTH);
      room(lines.length * 14 + 4);
      write(page, wrap(label, fonts.regular, 10, LABEL_WIDTH - 8), { x: MARGIN, y }, fonts.regular, 10, 13);
      y = write(page, lines, { x: MARGIN + LABEL_WIDTH, y }, fonts.regular, 10.5, 14) - 3;
    }
    y -= 10;
  };
  const paragraph = (text: string, font: keyof Fonts = 'regular') => {
    const lines = wrap(text, fonts[font], 10.5, WIDTH);
    room(lines.length * 15);
    y = write(page, lines, { x: MARGIN, y }, fonts[font], 10.5, 15) - 6;
  };

  heading(`${t.title} – ${installerName}`, 18);
  paragraph(`${t.created} ${date(pass.createdAt)}`);
  if (pass.unavailable.length > 0) paragraph(t.unavailable, 'bold');
  heading(t.project);
  facts([
    [t.projectId, String(pass.project.id)],
    [t.customerNumber, pass.project.customerNumber],
    [t.address, pass.project.address],
  ]);
  heading(t.installation);
  facts([
    [t.peakPower, number(pass.installation.peakPowerKw)],
    [t.battery, number(pass.installation.batteryCapacityKwh)],
    [t.commissioned, date(pass.installation.commissionedAt)],
  ]);
  heading(t.components);
  if (pass.components.length === 0) paragraph(t.none);
  for (const c of pass.components) {
    facts([
      [t.types[c.type] ?? c.type, `${c.manufacturer} ${c.model}`],
      [t.serial, known(c.serialNumber)],
      [t.firmware, known(c.firmware)],
    ]);
  }
  heading(t.grid);
  facts([
    [t.gridName, known(pass.gridOperator.name)],
    [t.caseNumber, known(pass.gridOperator.caseNumber)],
    [t.meterSet, date(pass.gridOperator.meterSetAt)],
  ]);
  heading(t.mastr);
  facts([
    [t.operatorNumber, known(pass.mastr.operatorNumber)],
    [t.unitNumbers, pass.mastr.unitNumbers.length > 0 ? pass.mastr.unitNumbers.join(', ') : t.unknown],
    [t.registered, date(pass.mastr.registeredAt)],
  ]);
  heading(t.warranties);
  if (pass.warranties.length === 0) paragraph(t.unknown);
  else facts(pass.warranties.map((w) => [date(w.createdAt), w.title]));
  return pdf.save();
}
