import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  ProductLineSchema,
  ProjectPhaseSchema,
  ProjectStepSchema,
  type ProjectPhase,
  type ProjectStep,
} from '../../bff/contracts/projects.ts';
import { JsonFile } from '../shared/json-store.ts';

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
const VendorProjectFields = z.strictObject({
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
});
const stepBelongsToPhase = (p: { phase: ProjectPhase; step: ProjectStep }) => STEPS_OF_PHASE[p.phase].includes(p.step);
const stepError = { message: 'step does not belong to phase', path: ['step'] };
export const VendorProjectSchema = VendorProjectFields.refine(stepBelongsToPhase, stepError);
export type VendorProject = z.infer<typeof VendorProjectSchema>;

/** What a test sends to `POST /_control/projects`: a project without id and timestamps (the store sets them). */
export const NewProjectSchema = VendorProjectFields.omit({ id: true, createdAt: true, updatedAt: true })
  .extend({ portalUserIds: z.array(z.string().min(1)).default([]) })
  .refine(stepBelongsToPhase, stepError);
export type NewProject = z.infer<typeof NewProjectSchema>;

/** Projects created through the control API get ids from here on, far away from the demo ids (1002xx). */
export const FIRST_CREATED_PROJECT_ID = 900_000;

const DemoProjectsSchema = z
  .array(VendorProjectSchema)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { message: 'duplicate project id' });

/**
 * What `management.json` keeps: only the mutable part of each demo project, so edits to the demo file still show up,
 * and the projects created through the control API.
 */
const SavedStateSchema = z.object({
  version: z.literal(1),
  projects: z.array(
    z.object({ id: z.number().int(), portalUserIds: z.array(z.string().min(1)), updatedAt: isoTimestamp }),
  ),
  /** Projects a tester created through the control API, kept whole. */
  created: z.array(VendorProjectSchema).default([]),
  lastCreatedId: z.number().int().optional(),
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
 * JSON file (sandbox/shared/json-store.ts) so they survive a restart of the sandbox.
 * Every read returns copies, so callers cannot change the store by accident.
 */
export class ManagementStore {
  readonly #file: JsonFile<SavedState>;
  readonly #demo: readonly VendorProject[];
  #projects: Map<number, VendorProject>;
  #lastCreatedId = FIRST_CREATED_PROJECT_ID - 1;

  private constructor(file: JsonFile<SavedState>, demo: VendorProject[], saved: SavedState | undefined) {
    this.#file = file;
    this.#demo = demo;
    this.#projects = ManagementStore.#fromDemo(demo);
    this.#lastCreatedId = Math.max(this.#lastCreatedId, saved?.lastCreatedId ?? 0);
    for (const project of saved?.created ?? []) {
      if (project.id >= FIRST_CREATED_PROJECT_ID && !this.#projects.has(project.id)) this.#projects.set(project.id, project);
    }
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
    const { store, saved } = await JsonFile.open(file, 'Management', log, (json) => {
      const parsed = SavedStateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    return new ManagementStore(store, demo, saved);
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

  /** Adds a project with a new id from FIRST_CREATED_PROJECT_ID on. */
  async create(input: NewProject): Promise<VendorProject> {
    // Ids are never given twice, also after a removal: the portal keeps state per project id (codes, rate limits).
    const id = Math.max(this.#lastCreatedId, ...this.#projects.keys()) + 1;
    this.#lastCreatedId = id;
    const now = new Date().toISOString();
    const project: VendorProject = {
      id,
      ...structuredClone(input),
      portalUserIds: [...new Set(input.portalUserIds)],
      createdAt: now,
      updatedAt: now,
    };
    this.#projects.set(project.id, project);
    await this.#persist();
    return structuredClone(project);
  }

  /** Removes a project created through the control API; demo projects stay (false for them and unknown ids). */
  async remove(projectId: number): Promise<boolean> {
    if (projectId < FIRST_CREATED_PROJECT_ID || !this.#projects.delete(projectId)) return false;
    await this.#persist();
    return true;
  }

  /** Back to the demo data, links included; created projects are gone. */
  async reset(): Promise<void> {
    this.#projects = ManagementStore.#fromDemo(this.#demo);
    await this.#persist();
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.#file.flush();
  }

  #select(predicate: (project: VendorProject) => boolean): VendorProject[] {
    return [...this.#projects.values()]
      .filter(predicate)
      .sort((a, b) => a.id - b.id)
      .map((project) => structuredClone(project));
  }

  #persist(): Promise<void> {
    return this.#file.save({
      version: 1,
      projects: [...this.#projects.values()]
        .filter(({ id }) => id < FIRST_CREATED_PROJECT_ID)
        .map(({ id, portalUserIds, updatedAt }) => ({ id, portalUserIds, updatedAt })),
      created: [...this.#projects.values()].filter(({ id }) => id >= FIRST_CREATED_PROJECT_ID),
      lastCreatedId: this.#lastCreatedId,
    });
  }
}
