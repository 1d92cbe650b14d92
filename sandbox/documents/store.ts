import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { FileFolder } from '../shared/file-folder.ts';
import { JsonFile } from '../shared/json-store.ts';
import { berlinDay, resolveRelativeDates } from '../shared/relative-dates.ts';
import { DEMO_DOCUMENTS, DEMO_PHOTOS, type DemoDocument } from './demo-documents.ts';
import { largePdfChunks, letterPdf } from './pdf.ts';
import { sitePhoto, type PhotoSubject } from './photos.ts';

const INSTALLER = 'Beispiel Solar GmbH';

const DocumentSchema = z.object({
  uuid: z.string(),
  projectId: z.number().int(),
  type: z.string(),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  taskId: z.string().nullable(),
  /** The caller's own id (e.g. the e-signature envelope), so an archive call can be repeated safely. */
  externalId: z.string().nullable(),
  demo: z.boolean(),
});
export type StoredDocument = z.infer<typeof DocumentSchema>;

const PhotoSchema = z.object({
  uuid: z.string(),
  projectId: z.number().int(),
  subject: z.enum(['ROOF', 'MODULES', 'INVERTER', 'STORAGE', 'METER_CABINET', 'WALLBOX', 'OTHER']),
  step: z.enum(['DC', 'AC', 'ASSEMBLY_CONCLUSION', 'OTHER']),
  caption: z.string(),
  takenAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  size: z.number().int(),
  demo: z.boolean(),
});
export type StoredPhoto = z.infer<typeof PhotoSchema>;

const StateSchema = z.object({ version: z.literal(1), documents: z.array(DocumentSchema), photos: z.array(PhotoSchema) });
type State = z.infer<typeof StateSchema>;

/** Plain German text for each kind of letter; the facts come from the project. */
const BODY: Record<string, string[]> = {
  OFFER_SIGNED: ['Vielen Dank für Dein Vertrauen. Dieses Angebot umfasst Planung, Lieferung und Montage Deiner Anlage einschließlich Anmeldung beim Netzbetreiber.', 'Du hast das Angebot elektronisch unterschrieben.'],
  SIGNED_REVOCATION_NOTICE: ['Du kannst Deine Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt mit dem Vertragsschluss.'],
  ORDER_CONFIRMATION: ['Hiermit bestätigen wir Deinen Auftrag. Als Nächstes brauchen wir Deine Vollmachten für den Netzbetreiber und das Marktstammdatenregister.'],
  POWER_OF_ATTORNEY_DOCUMENT: ['Du bevollmächtigst uns, Deine Anlage beim Netzbetreiber anzumelden und alle dafür nötigen Erklärungen abzugeben.'],
  MARKET_REGISTER_AUTHORIZATION: ['Du bevollmächtigst uns, Deine Anlage und Deinen Speicher im Marktstammdatenregister der Bundesnetzagentur zu registrieren.'],
  DELIVERY_SLIPS: ['Geliefert wurden Solarmodule, Unterkonstruktion, Wechselrichter und Batteriespeicher laut Auftrag. Die Ware wurde vollständig und unbeschädigt übergeben.'],
  DC_ACCEPTANCE_PROTOCOL: ['Die Module sind montiert und verkabelt. Isolationsmessung und Leerlaufspannung der Strings wurden geprüft und sind in Ordnung.'],
  CIRCUIT_DIAGRAM: ['Stromlaufplan mit Modulstrings, Wechselrichter, Speicher, Überspannungsschutz und Zählerplatz.'],
  REGISTRATION_CERTIFICATE_PV: ['Die Solaranlage ist im Marktstammdatenregister registriert. Bitte bewahre diese Bestätigung auf.'],
  WARRANTY_DOCUMENTS: ['Für die Module gilt eine Produktgarantie von 25 Jahren, für den Wechselrichter von 10 Jahren ab Inbetriebnahme.'],
  CONSULTATION_PROTOCOL: ['Im Beratungsgespräch haben wir Deinen Verbrauch, die Dachflächen und Deine Wünsche zu Speicher und Wallbox besprochen.'],
  AC: ['Die Anlage wurde elektrisch angeschlossen und in Betrieb genommen.'],
  OTHER: ['Dieses Dokument hat Dir Dein Installateur geschickt.'],
};

function isInvoice(type: string) {
  return type.startsWith('INVOICE_');
}

/**
 * The installer's document store: PDFs per project (typed with the portal's document types), installation photos,
 * files kept on disk beside an index. The demo documents and photos are made once, on the first start.
 */
export class DocumentStore {
  readonly #file: JsonFile<State>;
  readonly #files: FileFolder;
  #state: State;

  private constructor(file: JsonFile<State>, files: FileFolder, state: State) {
    this.#file = file;
    this.#files = files;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<DocumentStore> {
    const dir = path.join(dataDir, 'documents');
    const files = await FileFolder.open(path.join(dir, 'files'));
    const { store: file, saved } = await JsonFile.open(path.join(dir, 'index.json'), 'Dokumente', log, (json) => StateSchema.safeParse(json).data);
    const store = new DocumentStore(file, files, saved ?? { version: 1, documents: [], photos: [] });
    if (!saved) {
      const started = Date.now();
      await store.#makeDemo();
      log(`Dokumente: ${store.#state.documents.length} Demo-PDFs und ${store.#state.photos.length} Fotos erzeugt (${Date.now() - started} ms)`);
    }
    return store;
  }

  async #makeDemo() {
    const today = berlinDay(new Date());
    const projects = JSON.parse(await readFile(new URL('../management/demo-projects.json', import.meta.url), 'utf8')) as {
      id: number;
      customerNumber: string;
      contact: { name: string };
      address: { street: string; houseNumber: string; zip: string; city: string };
    }[];
    for (const demo of DEMO_DOCUMENTS) {
      const project = projects.find((p) => p.id === demo.projectId);
      const issued = resolveRelativeDates(demo.issued, today) as string;
      await this.#addLetter({ ...demo, issued }, project, true, `demo-${demo.projectId}-${demo.filename.toLowerCase().replace(/\.pdf$/, '').replace(/[^a-z0-9]+/g, '-')}`);
    }
    let variant = 0;
    for (const photo of DEMO_PHOTOS) {
      await this.addPhoto({ ...photo, takenAt: resolveRelativeDates(photo.taken, today) as string, variant: variant++ }, true, `demo-${photo.projectId}-${photo.subject.toLowerCase().replace('_', '-')}`);
    }
    await this.#save();
  }

  async #addLetter(
    demo: Omit<DemoDocument, 'issued'> & { issued: string },
    project: { id: number; customerNumber: string; contact: { name: string }; address: { street: string; houseNumber: string; zip: string; city: string } } | undefined,
    isDemo: boolean,
    id?: string,
  ): Promise<StoredDocument> {
    const facts: [string, string][] = [['Projekt', String(demo.projectId)]];
    if (project) {
      facts.push(['Kundin / Kunde', `${project.contact.name} (Kundennummer ${project.customerNumber})`]);
      facts.push(['Anlagenadresse', `${project.address.street} ${project.address.houseNumber}, ${project.address.zip} ${project.address.city}`]);
    }
    facts.push(...(demo.facts ?? []));
    const paragraphs = demo.paragraphs ?? BODY[demo.type] ?? (isInvoice(demo.type) ? ['Bitte überweise den Betrag innerhalb von 14 Tagen auf das unten genannte Konto.'] : ['Dieses Dokument hat Dir Dein Installateur geschickt.']);
    const bytes = await letterPdf({ title: demo.title, facts, paragraphs, issuedAt: new Date(demo.issued), installer: INSTALLER });
    return this.#addBytes({ projectId: demo.projectId, type: demo.type, title: demo.title, filename: demo.filename, createdAt: demo.issued, taskId: demo.taskId ?? null, externalId: null }, Buffer.from(bytes), isDemo, id);
  }

  async #addBytes(meta: Omit<StoredDocument, 'uuid' | 'size' | 'sha256' | 'contentType' | 'demo'> & { contentType?: string }, bytes: Buffer, isDemo: boolean, id?: string) {
    const uuid = id ?? randomUUID();
    const { size, sha256 } = await this.#files.write(uuid, bytes);
    const document: StoredDocument = { uuid, ...meta, contentType: meta.contentType ?? 'application/pdf', size, sha256, demo: isDemo };
    this.#state.documents.push(document);
    return document;
  }

  async #save() {
    await this.#file.save(this.#state);
  }

  list(filter: { projectId: number; taskId?: string | undefined }): StoredDocument[] {
    return this.#state.documents.filter((d) => d.projectId === filter.projectId && (filter.taskId === undefined || d.taskId === filter.taskId));
  }

  get(uuid: string): StoredDocument | undefined {
    return this.#state.documents.find((d) => d.uuid === uuid);
  }

  content(uuid: string) {
    return this.#files.read(uuid);
  }

  /** Stores a file the caller sends (streamed to disk); an `externalId` seen before answers the stored document. */
  async upload(meta: { projectId: number; type: string; title: string; filename: string; contentType: string; taskId: string | null; externalId: string | null }, body: Readable, maxBytes: number) {
    if (meta.externalId) {
      const existing = this.#state.documents.find((d) => d.externalId === meta.externalId);
      if (existing) {
        body.resume();
        return { document: existing, created: false };
      }
    }
    const uuid = randomUUID();
    const { size, sha256 } = await this.#files.receive(uuid, body, maxBytes);
    // Two uploads with the same externalId may stream at the same time (the portal's return page and the e-signature
    // webhook settle one envelope together): the first one stored wins, the other answers it.
    const raced = meta.externalId ? this.#state.documents.find((d) => d.externalId === meta.externalId) : undefined;
    if (raced) {
      await this.#files.remove(uuid);
      return { document: raced, created: false };
    }
    const document: StoredDocument = { uuid, ...meta, size, sha256, createdAt: new Date().toISOString(), demo: false };
    this.#state.documents.push(document);
    await this.#save();
    return { document, created: true };
  }

  /** A test's document: a generated letter, or (with `sizeBytes`) a large PDF written in chunks. */
  async create(input: { projectId: number; type: string; title: string; filename: string; taskId?: string | undefined; sizeBytes?: number | undefined }) {
    const issued = new Date().toISOString();
    if (input.sizeBytes) {
      const uuid = randomUUID();
      await pipeline(Readable.from(largePdfChunks(input.sizeBytes)), createWriteStream(this.#files.path(uuid)));
      const { size } = await stat(this.#files.path(uuid));
      const document: StoredDocument = {
        uuid,
        projectId: input.projectId,
        type: input.type,
        title: input.title,
        filename: input.filename,
        contentType: 'application/pdf',
        size,
        sha256: '',
        createdAt: issued,
        taskId: input.taskId ?? null,
        externalId: null,
        demo: false,
      };
      this.#state.documents.push(document);
      await this.#save();
      return document;
    }
    const document = await this.#addLetter({ ...input, issued }, undefined, false);
    await this.#save();
    return document;
  }

  async remove(uuid: string): Promise<boolean> {
    const index = this.#state.documents.findIndex((d) => d.uuid === uuid);
    if (index < 0) return false;
    this.#state.documents.splice(index, 1);
    await this.#files.remove(uuid);
    await this.#save();
    return true;
  }

  photos(projectId: number): StoredPhoto[] {
    return this.#state.photos.filter((p) => p.projectId === projectId);
  }

  photo(uuid: string): StoredPhoto | undefined {
    return this.#state.photos.find((p) => p.uuid === uuid);
  }

  async addPhoto(input: { projectId: number; subject: PhotoSubject; step: StoredPhoto['step']; caption: string; takenAt: string; variant?: number }, isDemo = false, id?: string) {
    const { bytes, width, height } = await sitePhoto(input.subject, input.variant ?? 0);
    const uuid = id ?? randomUUID();
    await this.#files.write(uuid, bytes);
    const photo: StoredPhoto = { uuid, projectId: input.projectId, subject: input.subject, step: input.step, caption: input.caption, takenAt: input.takenAt, width, height, contentType: 'image/jpeg', size: bytes.length, demo: isDemo };
    this.#state.photos.push(photo);
    if (!isDemo) await this.#save();
    return photo;
  }

  /** Tests' leftovers go; the demo stays. */
  async reset() {
    const gone = [...this.#state.documents.filter((d) => !d.demo), ...this.#state.photos.filter((p) => !p.demo)];
    this.#state.documents = this.#state.documents.filter((d) => d.demo);
    this.#state.photos = this.#state.photos.filter((p) => p.demo);
    await Promise.all(gone.map((g) => this.#files.remove(g.uuid)));
    await this.#save();
  }

  flush() {
    return this.#file.flush();
  }
}
