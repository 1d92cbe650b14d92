import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  ProductLineSchema,
  ProjectPhaseSchema,
  ProjectStepSchema,
  type ProjectPhase,
  type ProjectStep,
} from '../../bff/contracts/projects.ts';

/** Which steps belong to which phase (spec section 4, "Project phases"); the demo data must not mix them. */
const STEPS_OF_PHASE: Record<ProjectPhase, readonly ProjectStep[]> = {
  PLANNING: ['OFFER_CONFIRMATION', 'POWER_OF_ATTORNEY', 'POWER_OF_ATTORNEY_MASTR', 'PLANNING_CONCLUSION'],
  ASSEMBLY: ['DELIVERY', 'DC', 'AC', 'ASSEMBLY_CONCLUSION'],
  COMPLETED: ['IN_OPERATION'],
};

const isoTimestamp = z.iso.datetime();

/**
 * A project as the installer's management service (the vendor) delivers it. This is the vendor's shape, not the
 * portal's: the portal's management adapter maps it onto `bff/contracts/projects.ts`.
 */
export const VendorProjectSchema = z
  .strictObject({
    id: z.number().int().positive(),
    customerNumber: z.string().min(1),
    address: z.strictObject({
      street: z.string().min(1),
      houseNumber: z.string().min(1),
      zip: z.string().regex(/^\d{5}$/),
      city: z.string().min(1),
    }),
    contact: z.strictObject({
      name: z.string().min(1),
      emails: z.array(z.email()),
    }),
    productLines: z.array(z.enum(ProductLineSchema.options)).min(1),
    phase: z.enum(ProjectPhaseSchema.options),
    step: z.enum(ProjectStepSchema.options),
    /** Subjects (OIDC `sub`) of the portal accounts linked to the project. */
    portalUserIds: z.array(z.string().min(1)),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .refine((p) => STEPS_OF_PHASE[p.phase].includes(p.step), { message: 'step does not belong to phase', path: ['step'] });
export type VendorProject = z.infer<typeof VendorProjectSchema>;

const DemoProjectsSchema = z
  .array(VendorProjectSchema)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { message: 'duplicate project id' });

/** What `management.json` keeps: only the mutable part of each project, so edits to the demo file still show up. */
const SavedStateSchema = z.object({
  version: z.literal(1),
  projects: z.array(
    z.object({ id: z.number().int(), portalUserIds: z.array(z.string().min(1)), updatedAt: isoTimestamp }),
  ),
});
type SavedState = z.infer<typeof SavedStateSchema>;

export const DEMO_PROJECTS_FILE = new URL('./demo-projects.json', import.meta.url);

/** Reads and checks the reviewable demo data; a broken file stops the sandbox with a message naming the field. */
export async function loadDemoProjects(file: URL | string = DEMO_PROJECTS_FILE): Promise<VendorProject[]> {
  const parsed = DemoProjectsSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`Management: Demodaten ungültig (${String(file)}): ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Customer numbers and zips are compared without any whitespace ("700 100" finds "700100"). */
function compact(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * The management service's projects: the demo data plus the portal-account links made since, in memory and in a
 * JSON file so they survive a restart of the sandbox. Writes are serialised and atomic (temp file + rename).
 * Every read returns copies, so callers cannot change the store by accident.
 */
export class ManagementStore {
  readonly #file: string;
  readonly #demo: readonly VendorProject[];
  readonly #log: (line: string) => void;
  #projects: Map<number, VendorProject>;
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string, demo: VendorProject[], saved: SavedState | undefined, log: (line: string) => void) {
    this.#file = file;
    this.#demo = demo;
    this.#log = log;
    this.#projects = ManagementStore.#fromDemo(demo);
    for (const entry of saved?.projects ?? []) {
      const project = this.#projects.get(entry.id);
      if (!project) continue;
      project.portalUserIds = [...new Set(entry.portalUserIds)];
      project.updatedAt = entry.updatedAt;
    }
  }

  static async open(
    file: string,
    log: (line: string) => void,
    options: { demoFile?: URL | string } = {},
  ): Promise<ManagementStore> {
    const demo = await loadDemoProjects(options.demoFile);
    await mkdir(path.dirname(file), { recursive: true });
    let saved: SavedState | undefined;
    try {
      const parsed = SavedStateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (parsed.success) saved = parsed.data;
      else log(`Management: ${file} hat ein unbekanntes Format, starte mit den Demodaten`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        log(`Management: ${file} nicht lesbar, starte mit den Demodaten`);
      }
    }
    return new ManagementStore(file, demo, saved, log);
  }

  static #fromDemo(demo: readonly VendorProject[]): Map<number, VendorProject> {
    return new Map(demo.map((project) => [project.id, structuredClone(project)]));
  }

  get(id: number): VendorProject | undefined {
    const project = this.#projects.get(id);
    return project && structuredClone(project);
  }

  /** All projects, ordered by id. */
  list(): VendorProject[] {
    return this.#select(() => true);
  }

  /** Projects whose customer number and zip both match (whitespace-insensitive); both must be non-empty. */
  findByCustomer(customerNumber: string, zip: string): VendorProject[] {
    const number = compact(customerNumber);
    const code = compact(zip);
    if (!number || !code) return [];
    return this.#select((p) => compact(p.customerNumber) === number && compact(p.address.zip) === code);
  }

  /** Projects linked to the portal account with this subject. */
  findByPortalUser(portalUserId: string): VendorProject[] {
    return this.#select((p) => p.portalUserIds.includes(portalUserId));
  }

  /** Links a portal account to a project; idempotent. False when the project does not exist. */
  async link(projectId: number, portalUserId: string): Promise<boolean> {
    const project = this.#projects.get(projectId);
    if (!project) return false;
    if (project.portalUserIds.includes(portalUserId)) return true;
    project.portalUserIds = [...project.portalUserIds, portalUserId];
    project.updatedAt = new Date().toISOString();
    await this.#persist();
    return true;
  }

  /** Removes a portal account's link; idempotent. False when the project does not exist. */
  async unlink(projectId: number, portalUserId: string): Promise<boolean> {
    const project = this.#projects.get(projectId);
    if (!project) return false;
    if (!project.portalUserIds.includes(portalUserId)) return true;
    project.portalUserIds = project.portalUserIds.filter((id) => id !== portalUserId);
    project.updatedAt = new Date().toISOString();
    await this.#persist();
    return true;
  }

  /** Back to the demo data, links included. */
  async reset(): Promise<void> {
    this.#projects = ManagementStore.#fromDemo(this.#demo);
    await this.#persist();
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.#writing;
  }

  #select(predicate: (project: VendorProject) => boolean): VendorProject[] {
    return [...this.#projects.values()]
      .filter(predicate)
      .sort((a, b) => a.id - b.id)
      .map((project) => structuredClone(project));
  }

  #persist(): Promise<void> {
    const state: SavedState = {
      version: 1,
      projects: [...this.#projects.values()].map(({ id, portalUserIds, updatedAt }) => ({ id, portalUserIds, updatedAt })),
    };
    const snapshot = JSON.stringify(state, null, 2);
    this.#writing = this.#writing.then(async () => {
      const tmp = `${this.#file}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, snapshot);
        await rename(tmp, this.#file);
      } catch (err) {
        this.#log(`Management: Speichern fehlgeschlagen: ${(err as Error).message}`);
      }
    });
    return this.#writing;
  }
}
