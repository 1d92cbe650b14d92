import type { PhotoSubject } from './photos.ts';

/**
 * The demo projects' documents and photos (sandbox/management/demo-projects.json has the projects). Dates are
 * relative to the first start (sandbox/shared/relative-dates.ts): `-200d@10:00`.
 */
export interface DemoDocument {
  projectId: number;
  type: string;
  title: string;
  filename: string;
  issued: string;
  /** A document the installer attached to a task (sandbox/tasks/demo-tasks.json). */
  taskId?: string;
  facts?: [string, string][];
  paragraphs?: string[];
}

export interface DemoPhoto {
  projectId: number;
  subject: PhotoSubject;
  step: 'DC' | 'AC' | 'ASSEMBLY_CONCLUSION' | 'OTHER';
  caption: string;
  taken: string;
}

const offer = (projectId: number, days: number): DemoDocument[] => [
  { projectId, type: 'OFFER_SIGNED', title: 'Angebot (unterschrieben)', filename: `Angebot-${projectId}.pdf`, issued: `-${days}d@10:05` },
  { projectId, type: 'SIGNED_REVOCATION_NOTICE', title: 'Widerrufsbelehrung (unterschrieben)', filename: `Widerrufsbelehrung-${projectId}.pdf`, issued: `-${days}d@10:06` },
  { projectId, type: 'ORDER_CONFIRMATION', title: 'Auftragsbestätigung', filename: `Auftragsbestaetigung-${projectId}.pdf`, issued: `-${days - 1}d@09:30` },
];

/** Everything a finished SOLAR + STORAGE project has, from the offer to the invoices. */
const finished = (projectId: number, days: number): DemoDocument[] => [
  ...offer(projectId, days),
  { projectId, type: 'POWER_OF_ATTORNEY_DOCUMENT', title: 'Vollmacht für den Netzbetreiber', filename: `Vollmacht-Netzbetreiber-${projectId}.pdf`, issued: `-${days - 6}d@19:40` },
  { projectId, type: 'MARKET_REGISTER_AUTHORIZATION', title: 'Vollmacht Marktstammdatenregister', filename: `Vollmacht-MaStR-${projectId}.pdf`, issued: `-${days - 6}d@19:44` },
  { projectId, type: 'CONSULTATION_PROTOCOL', title: 'Beratungsprotokoll', filename: `Beratungsprotokoll-${projectId}.pdf`, issued: `-${days + 4}d@16:00` },
  { projectId, type: 'DELIVERY_SLIPS', title: 'Lieferschein Module und Speicher', filename: `Lieferschein-${projectId}.pdf`, issued: `-${days - 60}d@07:45` },
  { projectId, type: 'DC_ACCEPTANCE_PROTOCOL', title: 'Abnahmeprotokoll DC-Montage', filename: `Abnahme-DC-${projectId}.pdf`, issued: `-${days - 63}d@15:20` },
  { projectId, type: 'CIRCUIT_DIAGRAM', title: 'Stromlaufplan der Anlage', filename: `Stromlaufplan-${projectId}.pdf`, issued: `-${days - 75}d@14:10` },
  { projectId, type: 'REGISTRATION_CERTIFICATE_PV', title: 'Registrierungsbestätigung Marktstammdatenregister (Solaranlage)', filename: `MaStR-Bestaetigung-${projectId}.pdf`, issued: `-${days - 90}d@11:00` },
  { projectId, type: 'WARRANTY_DOCUMENTS', title: 'Garantieurkunde Module und Wechselrichter', filename: `Garantie-${projectId}.pdf`, issued: `-${days - 92}d@09:00` },
  { projectId, type: 'INVOICE_SEVDESK', title: 'Abschlagsrechnung 1 (30 %)', filename: `Rechnung-A1-${projectId}.pdf`, issued: `-${days - 2}d@08:00`, facts: [['Rechnungsbetrag', '5.940,00 €']] },
  { projectId, type: 'INVOICE_LEXWARE', title: 'Abschlagsrechnung 2 (60 %)', filename: `Rechnung-A2-${projectId}.pdf`, issued: `-${days - 62}d@08:00`, facts: [['Rechnungsbetrag', '11.880,00 €']] },
  { projectId, type: 'INVOICE_DATEV', title: 'Schlussrechnung', filename: `Schlussrechnung-${projectId}.pdf`, issued: `-${days - 93}d@08:00`, facts: [['Rechnungsbetrag', '1.980,00 €']] },
];

export const DEMO_DOCUMENTS: DemoDocument[] = [
  // Anna: the offer is confirmed, the powers of attorney are hers to sign in the portal.
  ...offer(100234, 21),
  {
    projectId: 100234,
    type: 'OTHER',
    title: 'So fotografierst Du Deinen Zählerschrank',
    filename: 'Anleitung-Foto-Zaehlerschrank.pdf',
    issued: '-1d@10:20',
    taskId: 'T-1003',
    paragraphs: ['Öffne die Tür des Zählerschranks ganz und fotografiere ihn von vorn, so dass alle Zähler und Sicherungen zu sehen sind.', 'Die Zählernummer sollte lesbar sein. Ein Foto bei Tageslicht oder mit Blitz reicht.'],
  },
  // Jonas: a finished project and a wallbox.
  ...finished(100240, 240),
  {
    projectId: 100240,
    type: 'INVOICE_DATEV',
    title: 'Korrigierte Schlussrechnung',
    filename: 'Schlussrechnung-korrigiert-100240.pdf',
    issued: '-1d@14:03',
    taskId: 'T-1002',
    facts: [['Rechnungsbetrag', '1.780,00 €']],
    paragraphs: ['Wie besprochen haben wir den doppelt berechneten Zählerschrank-Umbau gestrichen. Diese Rechnung ersetzt die Schlussrechnung.'],
  },
  ...offer(100241, 180),
  { projectId: 100241, type: 'INVOICE_SEVDESK', title: 'Rechnung Wallbox', filename: 'Rechnung-Wallbox-100241.pdf', issued: '-150d@08:00', facts: [['Rechnungsbetrag', '1.490,00 €']] },
  { projectId: 100241, type: 'AC', title: 'Inbetriebnahmeprotokoll Wallbox', filename: 'Inbetriebnahme-Wallbox-100241.pdf', issued: '-151d@13:00' },
  // Mehmet: finished; others along the way.
  ...finished(100239, 300),
  ...offer(100237, 90),
  { projectId: 100237, type: 'POWER_OF_ATTORNEY_DOCUMENT', title: 'Vollmacht für den Netzbetreiber', filename: 'Vollmacht-Netzbetreiber-100237.pdf', issued: '-84d@18:00' },
  { projectId: 100237, type: 'DELIVERY_SLIPS', title: 'Lieferschein Module und Speicher', filename: 'Lieferschein-100237.pdf', issued: '-20d@07:45' },
  { projectId: 100237, type: 'DC_ACCEPTANCE_PROTOCOL', title: 'Abnahmeprotokoll DC-Montage', filename: 'Abnahme-DC-100237.pdf', issued: '-12d@15:20' },
  ...offer(100243, 30),
  ...offer(100244, 60),
  ...offer(100245, 80),
  { projectId: 100245, type: 'DELIVERY_SLIPS', title: 'Lieferschein Module und Speicher', filename: 'Lieferschein-100245.pdf', issued: '-6d@07:45' },
  ...offer(100246, 120),
  { projectId: 100246, type: 'DC_ACCEPTANCE_PROTOCOL', title: 'Abnahmeprotokoll DC-Montage', filename: 'Abnahme-DC-100246.pdf', issued: '-30d@15:20' },
  { projectId: 100246, type: 'CIRCUIT_DIAGRAM', title: 'Stromlaufplan der Anlage', filename: 'Stromlaufplan-100246.pdf', issued: '-20d@14:10' },
];

export const DEMO_PHOTOS: DemoPhoto[] = [
  { projectId: 100240, subject: 'ROOF', step: 'DC', caption: 'Dach von Süden mit den 18 montierten Solarmodulen', taken: '-178d@11:20' },
  { projectId: 100240, subject: 'MODULES', step: 'DC', caption: 'Nahaufnahme der Module und Dachhaken vor dem Verkabeln', taken: '-178d@09:05' },
  { projectId: 100240, subject: 'INVERTER', step: 'AC', caption: 'Wechselrichter im Hauswirtschaftsraum, Anzeige 4,8 kW', taken: '-165d@13:40' },
  { projectId: 100240, subject: 'STORAGE', step: 'AC', caption: 'Batteriespeicher neben dem Wechselrichter', taken: '-165d@14:10' },
  { projectId: 100240, subject: 'METER_CABINET', step: 'ASSEMBLY_CONCLUSION', caption: 'Zählerschrank mit dem neuen Zweirichtungszähler', taken: '-150d@10:30' },
  { projectId: 100241, subject: 'WALLBOX', step: 'AC', caption: 'Wallbox an der Garagenwand mit Ladekabel', taken: '-151d@12:45' },
  { projectId: 100239, subject: 'ROOF', step: 'DC', caption: 'Dach mit den montierten Solarmodulen', taken: '-240d@12:00' },
  { projectId: 100239, subject: 'INVERTER', step: 'AC', caption: 'Wechselrichter im Keller', taken: '-228d@10:00' },
  { projectId: 100246, subject: 'ROOF', step: 'DC', caption: 'Dach von Süden mit den montierten Solarmodulen', taken: '-31d@11:00' },
  { projectId: 100246, subject: 'INVERTER', step: 'AC', caption: 'Wechselrichter in der Garage', taken: '-22d@15:00' },
  { projectId: 100237, subject: 'ROOF', step: 'DC', caption: 'Dach mit den montierten Solarmodulen', taken: '-12d@14:00' },
];
