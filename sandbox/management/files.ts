import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { berlinDay, resolveRelativeDates } from '../shared/relative-dates.ts';
import { letterPdf } from '../documents/pdf.ts';
import { FileFolder } from '../shared/file-folder.ts';
import { JsonFile } from '../shared/json-store.ts';

const VendorDocumentSchema = z.object({
  id: z.string(),
  projectId: z.number().int(),
  filename: z.string(),
  /** Only shared documents are meant for the customer. */
  share: z.boolean(),
  /** Where the management service keeps the file. */
  path: z.string(),
  type: z.string(),
  /** SHA-256 of the content; a new upload under the same id changes it. */
  hash: z.string(),
  deleted: z.boolean(),
  size: z.number().int(),
  updatedAt: z.string(),
  demo: z.boolean(),
});
export type VendorDocument = z.infer<typeof VendorDocumentSchema>;

export const MeterChangeBodySchema = z.strictObject({
  buildingType: z.number().int().min(1).max(5),
  meterKind: z.number().int().min(1).max(3),
  existingComponent: z.number().int().min(1).max(4),
  locationInBuilding: z.number().int().min(1).max(4),
  meterNumber: z.string().regex(/^[A-Z0-9]{6,20}$/),
  address: z.strictObject({ street: z.string().min(1).max(120), houseNumber: z.string().min(1).max(20), zip: z.string().regex(/^\d{5}$/), city: z.string().min(1).max(80) }),
  note: z.string().max(1000).optional(),
  submittedBy: z.strictObject({ name: z.string().min(1).max(200), portalUserId: z.string().min(1).max(255) }),
});
const MeterChangeSchema = MeterChangeBodySchema.extend({
  id: z.string(),
  projectId: z.number().int(),
  status: z.enum(['RECEIVED', 'PHOTO_RECEIVED']),
  createdAt: z.string(),
  photo: z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), receivedAt: z.string() }).nullable(),
});
export type MeterChangeRequest = z.infer<typeof MeterChangeSchema>;

const StateSchema = z.object({ version: z.literal(1), documents: z.array(VendorDocumentSchema), meterChanges: z.array(MeterChangeSchema) });
type State = z.infer<typeof StateSchema>;

/** Demo files; `at` is relative to the sandbox's start day (sandbox/shared/relative-dates.ts), like the journeys. */
const DEMO: { projectId: number; filename: string; type: string; share: boolean; title: string; text: string; at: string }[] = [
  { projectId: 100240, filename: 'Projektbericht.pdf', type: 'PROJECT_REPORT', share: true, title: 'Projektbericht', text: 'Zusammenfassung Deines Projekts von der Planung bis zur Inbetriebnahme: 18 Module, 9,8 kWp, Speicher 10 kWh.', at: '-190d@16:40' },
  { projectId: 100240, filename: 'Lageplan-Dachflaechen.pdf', type: 'LAND_MAPS', share: true, title: 'Lageplan der Dachflächen', text: 'Lageplan mit Ausrichtung und Neigung der belegten Dachflächen.', at: '-260d@09:15' },
  { projectId: 100240, filename: 'Interne-Kalkulation.pdf', type: 'OTHER', share: false, title: 'Interne Kalkulation', text: 'Nur für den internen Gebrauch.', at: '-262d@11:02' },
  { projectId: 100234, filename: 'Lageplan.pdf', type: 'LAND_MAPS', share: true, title: 'Lageplan', text: 'Lageplan der geplanten Modulbelegung.', at: '-12d@14:25' },
];

/**
 * The management service's files per project (the portal mirrors them) and the meter change requests it receives,
 * beside the projects in their own JSON file; the bytes live in `management-files/`.
 */
export class ManagementFiles {
  readonly #file: JsonFile<State>;
  readonly #files: FileFolder;
  #state: State;

  private constructor(file: JsonFile<State>, files: FileFolder, state: State) {
    this.#file = file;
    this.#files = files;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<ManagementFiles> {
    const folder = await FileFolder.open(path.join(dataDir, 'management-files'));
    const { store: file, saved } = await JsonFile.open(path.join(dataDir, 'management-files.json'), 'Management-Dateien', log, (json) => StateSchema.safeParse(json).data);
    const files = new ManagementFiles(file, folder, saved ?? { version: 1, documents: [], meterChanges: [] });
    if (!saved) {
      const today = berlinDay(new Date());
      for (const { at, ...demo } of DEMO) await files.addDocument(demo, true, String(resolveRelativeDates(at, today)));
      await files.#save();
    }
    return files;
  }

  #save() {
    return this.#file.save(this.#state);
  }

  async #write(id: string, title: string, text: string, projectId: number) {
    const bytes = await letterPdf({ title, paragraphs: [text], facts: [['Projekt', String(projectId)]], issuedAt: new Date(), installer: 'Beispiel Solar GmbH' });
    const { size, sha256 } = await this.#files.write(id, bytes);
    return { hash: sha256, size };
  }

  documents(projectId: number): VendorDocument[] {
    return this.#state.documents.filter((d) => d.projectId === projectId).map((d) => ({ ...d }));
  }

  document(projectId: number, id: string): VendorDocument | undefined {
    return this.#state.documents.find((d) => d.projectId === projectId && d.id === id);
  }

  content(id: string) {
    return this.#files.read(id);
  }

  async addDocument(input: { projectId: number; filename: string; type: string; share: boolean; title?: string; text?: string }, demo = false, at = new Date().toISOString()): Promise<VendorDocument> {
    const id = randomUUID();
    const { hash, size } = await this.#write(id, input.title ?? input.filename, input.text ?? 'Ein Dokument aus der Projektverwaltung.', input.projectId);
    const document: VendorDocument = {
      id,
      projectId: input.projectId,
      filename: input.filename,
      share: input.share,
      path: `/projekte/${input.projectId}/${input.filename}`,
      type: input.type,
      hash,
      deleted: false,
      size,
      updatedAt: at,
      demo,
    };
    this.#state.documents.push(document);
    if (!demo) await this.#save();
    return document;
  }

  /** A tester's change: share flag, deletion, or a new version of the content (new hash). */
  async changeDocument(projectId: number, id: string, change: { share?: boolean | undefined; deleted?: boolean | undefined; text?: string | undefined }): Promise<VendorDocument | undefined> {
    const document = this.document(projectId, id);
    if (!document) return undefined;
    if (change.share !== undefined) document.share = change.share;
    if (change.deleted !== undefined) document.deleted = change.deleted;
    if (change.text !== undefined) Object.assign(document, await this.#write(id, document.filename, change.text, projectId));
    document.updatedAt = new Date().toISOString();
    await this.#save();
    return { ...document };
  }

  meterChanges(projectId: number): MeterChangeRequest[] {
    return this.#state.meterChanges.filter((m) => m.projectId === projectId).map((m) => ({ ...m }));
  }

  allMeterChanges(): MeterChangeRequest[] {
    return this.#state.meterChanges.map((m) => ({ ...m }));
  }

  async addMeterChange(projectId: number, body: z.infer<typeof MeterChangeBodySchema>): Promise<MeterChangeRequest> {
    const request: MeterChangeRequest = { ...body, id: `ZW-${randomUUID().slice(0, 8).toUpperCase()}`, projectId, status: 'RECEIVED', createdAt: new Date().toISOString(), photo: null };
    this.#state.meterChanges.push(request);
    await this.#save();
    return { ...request };
  }

  /** The meter cabinet photo, streamed to disk (at most `maxBytes`). */
  async savePhoto(projectId: number, requestId: string, file: { filename: string; contentType: string }, body: Readable, maxBytes: number): Promise<boolean> {
    const request = this.#state.meterChanges.find((m) => m.projectId === projectId && m.id === requestId);
    if (!request) return false;
    const { size } = await this.#files.receive(`photo-${requestId}`, body, maxBytes);
    request.photo = { ...file, size, receivedAt: new Date().toISOString() };
    request.status = 'PHOTO_RECEIVED';
    await this.#save();
    return true;
  }

  async reset() {
    const gone = this.#state.documents.filter((d) => !d.demo);
    this.#state.documents = this.#state.documents.filter((d) => d.demo);
    await Promise.all(gone.map((d) => this.#files.remove(d.id)));
    for (const request of this.#state.meterChanges) await this.#files.remove(`photo-${request.id}`);
    this.#state.meterChanges = [];
    await this.#save();
  }

  flush() {
    return this.#file.flush();
  }
}
