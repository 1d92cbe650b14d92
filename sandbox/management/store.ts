import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  ProductLineSchema,
  ProjectPhaseSchema,
  ProjectStepSchema,
  type ProjectPhase,
  type ProjectStep,
} from '~/bff/contracts/projects.ts';
import { JsonFile } from '../shared/json-store.ts';
import {
  DemoJourneySchema,
  JourneySchema,
  advanceGridOperator,
  advanceAfterCommissioning,
  advanceStep,
  applyCustomerAction,
  changeMastr,
  berlinDay,
  defaultJourney,
  fromDemo,
  journeyProblems,
  positionOf,
  recordSignature,
  requestInformation,
  resolveRelativeDates,
  setAfterWaitingFor,
  setWaitingFor,
  settleAfterCommissioning,
  type CustomerAction,
  type Journey,
  type Preferences,
  type SigningType,
} from './journey.ts';

/** Which steps belong to which phase (docs/journey.md); the demo data must not mix them. */
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
const VendorProjectSchema = VendorProjectFields.refine(stepBelongsToPhase, stepError);
export type VendorProject = z.infer<typeof VendorProjectSchema>;

/** What a test sends to `POST /_control/projects`: a project without id and timestamps (the store sets them). */
export const NewProjectSchema = VendorProjectFields.omit({ id: true, createdAt: true, updatedAt: true })
  .extend({
    portalUserIds: z.array(z.string().min(1)).default([]),
    /** The whole journey; without one the project gets a typical journey for its step. */
    journey: JourneySchema.optional(),
  })
  .refine(stepBelongsToPhase, stepError);
export type NewProject = z.infer<typeof NewProjectSchema>;

/** Projects created through the control API get ids from here on, far away from the demo ids (1002xx). */
const FIRST_CREATED_PROJECT_ID = 900_000;

/** A demo project: the vendor project plus its journey in the demo's short form (see journey.ts). */
const demoEntrySchema = (now: Date) => VendorProjectFields.extend({ journey: DemoJourneySchema })
  .refine(stepBelongsToPhase, stepError)
  .transform((entry, ctx) => {
    const { journey: demo, ...project } = entry;
    const journey = fromDemo(demo, now);
    const problems = journeyProblems(journey);
    const position = positionOf(journey);
    if (position.phase !== project.phase || position.step !== project.step) {
      problems.push(`phase/step ${project.phase}/${project.step} passen nicht zum aktiven Schritt ${position.phase}/${position.step}`);
    }
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: `Projekt ${project.id}: ${problem}`, path: ['journey'] });
    return { project: project as VendorProject, journey };
  });
const demoProjectsSchema = (now: Date) => z
  .array(demoEntrySchema(now))
  .refine((list) => new Set(list.map((e) => e.project.id)).size === list.length, { message: 'duplicate project id' });
export type DemoEntry = z.output<ReturnType<typeof demoEntrySchema>>;

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
  /** Journeys that changed since the start (demo projects) and those of created projects. */
  journeys: z.array(z.object({ id: z.number().int(), journey: JourneySchema })).default([]),
});
type SavedState = z.infer<typeof SavedStateSchema>;

const DEMO_PROJECTS_FILE = new URL('./demo-projects.json', import.meta.url);

/**
 * Reads and checks the reviewable demo data; a broken file stops the sandbox with a message naming the field.
 * Relative dates ("-20d@18:12") are resolved from `now`'s Berlin day.
 */
export async function loadDemoEntries(file: URL | string = DEMO_PROJECTS_FILE, now = new Date()): Promise<DemoEntry[]> {
  const json = resolveRelativeDates(JSON.parse(await readFile(file, 'utf8')), berlinDay(now));
  const parsed = demoProjectsSchema(now).safeParse(json);
  if (!parsed.success) {
    throw new Error(`Management: Demodaten ungültig (${String(file)}): ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The demo projects without their journeys (the vendor's project resource). */
export async function loadDemoProjects(file: URL | string = DEMO_PROJECTS_FILE): Promise<VendorProject[]> {
  return (await loadDemoEntries(file)).map((entry) => entry.project);
}

/** Why a journey change was refused (the API answers 409 with it). */
export { JourneyConflict } from './journey.ts';

/**
 * What happened to a project's position, for the portal's event webhook: its phase and step, and whom the active step
 * waits for (with the installer's request to the customer, when there is one).
 */
export interface PositionChange {
  projectId: number;
  phase: VendorProject['phase'];
  step: VendorProject['step'];
  waitingFor: Journey['steps'][number]['waitingFor'];
}

/**
 * What the portal hears about: a change of phase or step, of whom the active step waits for or what it asks, a MaStR
 * transfer asked for, or a step after commissioning moving on (or waiting on someone else).
 */
function progressOf(project: VendorProject, journey: Journey): string {
  const active = journey.steps.find((s) => s.status === 'ACTIVE');
  const after = journey.afterCommissioning.find((s) => s.status === 'ACTIVE');
  return JSON.stringify([project.phase, project.step, active?.waitingFor ?? null, active?.customerRequest?.at ?? null, journey.mastr.moveNeeded, after?.step ?? null, after?.waitingFor ?? null]);
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
  readonly #demo: readonly DemoEntry[];
  readonly #now: () => Date;
  #projects: Map<number, VendorProject>;
  #journeys: Map<number, Journey>;
  /** Demo projects whose journey changed since the start (only those are saved). */
  #changedJourneys = new Set<number>();
  #lastCreatedId = FIRST_CREATED_PROJECT_ID - 1;
  #listeners: ((change: PositionChange) => void)[] = [];

  private constructor(file: JsonFile<SavedState>, demo: DemoEntry[], saved: SavedState | undefined, now: () => Date) {
    this.#file = file;
    this.#demo = demo;
    this.#now = now;
    this.#projects = ManagementStore.#projectsOf(demo);
    this.#journeys = ManagementStore.#journeysOf(demo);
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
    for (const { id, journey } of saved?.journeys ?? []) {
      const project = this.#projects.get(id);
      if (!project || journeyProblems(journey).length > 0) continue;
      this.#journeys.set(id, journey);
      if (id < FIRST_CREATED_PROJECT_ID) this.#changedJourneys.add(id);
      Object.assign(project, positionOf(journey));
    }
    for (const project of this.#projects.values()) {
      if (!this.#journeys.has(project.id)) this.#journeys.set(project.id, defaultJourney(project.step, now(), project.productLines));
    }
  }

  static async open(
    file: string,
    log: (line: string) => void,
    options: { demoFile?: URL | string; now?: () => Date } = {},
  ): Promise<ManagementStore> {
    const now = options.now ?? (() => new Date());
    const demo = await loadDemoEntries(options.demoFile, now());
    const { store, saved } = await JsonFile.open(file, 'Management', log, (json) => {
      const parsed = SavedStateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    return new ManagementStore(store, demo, saved, now);
  }

  static #projectsOf(demo: readonly DemoEntry[]): Map<number, VendorProject> {
    return new Map(demo.map(({ project }) => [project.id, structuredClone(project)]));
  }

  static #journeysOf(demo: readonly DemoEntry[]): Map<number, Journey> {
    return new Map(demo.map(({ project, journey }) => [project.id, structuredClone(journey)]));
  }

  /**
   * Called after every change of a project's phase or step, of whom its active step waits for (and what the installer
   * asks of the customer), and when the installer asks for a MaStR transfer: the portal's event webhook listens here,
   * so a new to-do reaches the customer at once.
   */
  onPositionChange(listener: (change: PositionChange) => void): void {
    this.#listeners.push(listener);
  }

  get(id: number): VendorProject | undefined {
    const project = this.#projects.get(id);
    return project && structuredClone(project);
  }

  /** The project's journey (steps, appointments, grid operator, MaStR, contact person), or undefined. */
  journey(id: number): Journey | undefined {
    const journey = this.#journeys.get(id);
    return journey && structuredClone(journey);
  }

  /**
   * Changes a journey by one of the installer's rules (journey.ts); throws JourneyConflict when the rule refuses.
   * The project's phase and step follow the journey, and a change of them is announced.
   */
  async changeJourney<T>(id: number, change: (journey: Journey, now: string) => T): Promise<{ journey: Journey; result: T } | undefined> {
    const project = this.#projects.get(id);
    const current = this.#journeys.get(id);
    if (!project || !current) return undefined;
    const journey = structuredClone(current);
    const now = this.#now().toISOString();
    const result = change(journey, now);
    settleAfterCommissioning(journey, now);
    const checked = JourneySchema.parse(journey);
    const problems = journeyProblems(checked);
    if (problems.length > 0) throw new Error(`Management: Journey von ${id} wäre ungültig: ${problems.join('; ')}`);
    this.#journeys.set(id, checked);
    if (id < FIRST_CREATED_PROJECT_ID) this.#changedJourneys.add(id);
    const before = progressOf(project, current);
    Object.assign(project, positionOf(checked));
    project.updatedAt = now;
    await this.#persist();
    if (before !== progressOf(project, checked)) {
      const waitingFor = checked.steps.find((s) => s.status === 'ACTIVE')?.waitingFor ?? null;
      for (const listener of this.#listeners) listener({ projectId: id, phase: project.phase, step: project.step, waitingFor });
    }
    return { journey: structuredClone(checked), result };
  }

  advanceStep = (id: number) => this.changeJourney(id, advanceStep);
  advanceGridOperator = (id: number) => this.changeJourney(id, advanceGridOperator);
  advanceAfterCommissioning = (id: number, input: Parameters<typeof advanceAfterCommissioning>[2]) =>
    this.changeJourney(id, (journey, now) => advanceAfterCommissioning(journey, now, input));
  setAfterWaitingFor = (id: number, waitingFor: Parameters<typeof setAfterWaitingFor>[1]) =>
    this.changeJourney(id, (journey) => setAfterWaitingFor(journey, waitingFor));
  requestInformation = (id: number, text: string, from: 'CUSTOMER' | 'INSTALLER') =>
    this.changeJourney(id, (journey, now) => requestInformation(journey, text, from, now));
  setWaitingFor = (id: number, waitingFor: Parameters<typeof setWaitingFor>[1], request?: string | null) =>
    this.changeJourney(id, (journey, now) => setWaitingFor(journey, waitingFor, now, request));
  customerAction = (id: number, action: CustomerAction) =>
    this.changeJourney(id, (journey, now) => applyCustomerAction(journey, action, now));
  recordSignature = (id: number, signature: { type: SigningType; envelopeId: string; documentSha256: string; representative?: string | null }) =>
    this.changeJourney(id, (journey, now) => recordSignature(journey, signature, now));
  setPreferences = (id: number, preferences: Partial<Preferences>) =>
    this.changeJourney(id, (journey) => {
      journey.preferences = { ...journey.preferences, ...preferences };
      return journey.preferences;
    });
  changeMastr = (id: number, change: Parameters<typeof changeMastr>[1]) =>
    this.changeJourney(id, (journey, now) => changeMastr(journey, change, now));
  replaceJourney = (id: number, replacement: Journey) =>
    this.changeJourney(id, (journey) => {
      Object.assign(journey, structuredClone(replacement));
    });

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

  /** Projects no portal account is connected to (they get an invitation). */
  withoutPortalAccount(): VendorProject[] {
    return this.#select((p) => p.portalUserIds.length === 0);
  }

  /** Links a portal account to a project; idempotent. False when the project does not exist. */
  async link(projectId: number, portalUserId: string): Promise<boolean> {
    const project = this.#projects.get(projectId);
    if (!project) return false;
    if (project.portalUserIds.includes(portalUserId)) return true;
    project.portalUserIds = [...project.portalUserIds, portalUserId];
    project.updatedAt = this.#now().toISOString();
    await this.#persist();
    return true;
  }

  /** Removes a portal account's link; idempotent. False when the project does not exist. */
  async unlink(projectId: number, portalUserId: string): Promise<boolean> {
    const project = this.#projects.get(projectId);
    if (!project) return false;
    if (!project.portalUserIds.includes(portalUserId)) return true;
    project.portalUserIds = project.portalUserIds.filter((id) => id !== portalUserId);
    project.updatedAt = this.#now().toISOString();
    await this.#persist();
    return true;
  }

  /** Adds a project with a new id from FIRST_CREATED_PROJECT_ID on. */
  async create(input: NewProject): Promise<VendorProject> {
    // Ids are never given twice, also after a removal: the portal keeps state per project id (codes, rate limits).
    const id = Math.max(this.#lastCreatedId, ...this.#projects.keys()) + 1;
    this.#lastCreatedId = id;
    const now = this.#now().toISOString();
    const { journey: given, ...fields } = structuredClone(input);
    const journey = given ?? defaultJourney(input.step, this.#now(), input.productLines);
    const problems = journeyProblems(journey);
    const position = positionOf(journey);
    if (position.phase !== input.phase || position.step !== input.step) problems.push('phase/step passen nicht zum aktiven Schritt');
    if (problems.length > 0) throw new InvalidProject(problems.join('; '));
    const project: VendorProject = {
      id,
      ...fields,
      portalUserIds: [...new Set(input.portalUserIds)],
      createdAt: now,
      updatedAt: now,
    };
    this.#projects.set(project.id, project);
    this.#journeys.set(project.id, journey);
    await this.#persist();
    return structuredClone(project);
  }

  /** Removes a project created through the control API; demo projects stay (false for them and unknown ids). */
  async remove(projectId: number): Promise<boolean> {
    if (projectId < FIRST_CREATED_PROJECT_ID || !this.#projects.delete(projectId)) return false;
    this.#journeys.delete(projectId);
    await this.#persist();
    return true;
  }

  /** Back to the demo data, links and journeys included; created projects are gone. */
  async reset(): Promise<void> {
    this.#projects = ManagementStore.#projectsOf(this.#demo);
    this.#journeys = ManagementStore.#journeysOf(this.#demo);
    this.#changedJourneys.clear();
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
      journeys: [...this.#journeys.entries()]
        .filter(([id]) => id >= FIRST_CREATED_PROJECT_ID || this.#changedJourneys.has(id))
        .map(([id, journey]) => ({ id, journey })),
    });
  }
}

/** A project the control API cannot create (its journey does not fit its step). */
export class InvalidProject extends Error {}
