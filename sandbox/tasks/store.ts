import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../shared/json-store.ts';
import { berlinDay, resolveRelativeDates } from '../shared/relative-dates.ts';

/**
 * The installer's task service (a ticketing system): tasks per project with status, team and subject, and their
 * thread. Entry kinds (docs/messages.md): EXTERNAL_REQUEST (the customer's request), EXTERNAL_RESPONSE (the installer's
 * answer), COMMENT (a further message on the task, customer or installer), INTERNAL_INQUIRY (between the installer's
 * teams, never for the customer), ACTION_COMMENT (a system line such as a status change).
 */
const ENTRY_KINDS = ['EXTERNAL_REQUEST', 'EXTERNAL_RESPONSE', 'COMMENT', 'INTERNAL_INQUIRY', 'ACTION_COMMENT'] as const;
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const iso = z.iso.datetime();
const AttachmentSchema = z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int().nonnegative() });
export type Attachment = z.infer<typeof AttachmentSchema>;
const AuthorSchema = z.object({
  name: z.string().min(1),
  role: z.enum(['CUSTOMER', 'INSTALLER', 'SYSTEM']),
  portalUserId: z.string().nullable().default(null),
});
const EntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  author: AuthorSchema,
  text: z.string(),
  createdAt: iso,
  attachments: z.array(AttachmentSchema).default([]),
});
export type Entry = z.infer<typeof EntrySchema>;
export const TaskSchema = z.object({
  id: z.string(),
  projectId: z.number().int().positive(),
  /**
   * REQUEST: the customer wrote first; TODO: the installer asks the customer to do something; SERVICE: an internal task
   * for customer service (e.g. call a customer after a survey), never shown to the customer.
   */
  type: z.enum(['REQUEST', 'TODO', 'SERVICE']),
  subject: z.string().min(1),
  status: z.enum(TASK_STATUSES),
  team: z.string().min(1),
  /** The support question the customer chose, as the path of titles (top level first). */
  supportQuestion: z.array(z.string()).default([]),
  /** Who created an internal task, e.g. `survey-12`: the same source creates one task only. */
  source: z.string().nullable().default(null),
  createdAt: iso,
  updatedAt: iso,
  entries: z.array(EntrySchema).min(1),
});
export type Task = z.infer<typeof TaskSchema>;

/** Routing rules by the support question's top-level topic (German titles), first match wins. */
const ROUTING_RULES: readonly { match: RegExp; team: string }[] = [
  { match: /rechnung|finanzierung|förderung/i, team: 'Buchhaltung' },
  { match: /montage|lieferung/i, team: 'Montageplanung' },
  { match: /störung|fehler|monitoring|wärmepumpe|wallbox|speicher/i, team: 'Technischer Service' },
  { match: /netzanmeldung|zähler|marktstammdaten/i, team: 'Netzanmeldung' },
];
const DEFAULT_TEAM = 'Kundenservice';
const routeToTeam = (path: readonly string[]) => ROUTING_RULES.find((rule) => rule.match.test(path[0] ?? ''))?.team ?? DEFAULT_TEAM;

const StateSchema = z.object({ version: z.literal(1), tasks: z.array(TaskSchema), lastNumber: z.number().int() });
type State = z.infer<typeof StateSchema>;

const DEMO_TASKS_FILE = new URL('./demo-tasks.json', import.meta.url);

export interface TaskChange {
  taskId: string;
  projectId: number;
  entryId: string;
  kind: Entry['kind'];
  status: TaskStatus;
}

/** Tasks in memory and in a JSON file, attachments as files under `<dataDir>/tasks-files` (generated names). */
export class TaskStore {
  readonly #file: JsonFile<State>;
  readonly #filesDir: string;
  readonly #demo: Task[];
  #state: State;
  #listeners: ((change: TaskChange) => void)[] = [];

  private constructor(file: JsonFile<State>, filesDir: string, demo: Task[], state: State) {
    this.#file = file;
    this.#filesDir = filesDir;
    this.#demo = demo;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void, now = new Date()): Promise<TaskStore> {
    const demo = z.array(TaskSchema).parse(resolveRelativeDates(JSON.parse(await readFile(DEMO_TASKS_FILE, 'utf8')), berlinDay(now)));
    const { store, saved } = await JsonFile.open(path.join(dataDir, 'tasks.json'), 'Aufgaben', log, (json) => {
      const parsed = StateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    const filesDir = path.join(dataDir, 'tasks-files');
    await mkdir(filesDir, { recursive: true });
    return new TaskStore(store, filesDir, demo, saved ?? TaskStore.#fresh(demo));
  }

  static #fresh(demo: Task[]): State {
    return { version: 1, tasks: structuredClone(demo), lastNumber: 2000 };
  }

  /** Called after every entry the installer (or the system) adds: the portal's event webhook listens here. */
  onInstallerEntry(listener: (change: TaskChange) => void): void {
    this.#listeners.push(listener);
  }

  list(filter: { projectId?: number } = {}): Task[] {
    return structuredClone(this.#state.tasks.filter((t) => filter.projectId === undefined || t.projectId === filter.projectId)).sort((a, b) =>
      b.updatedAt.localeCompare(a.updatedAt),
    );
  }

  get(id: string): Task | undefined {
    const task = this.#state.tasks.find((t) => t.id === id);
    return task && structuredClone(task);
  }

  /** Stores an uploaded file under a generated name, with its metadata beside it. */
  async saveAttachment(filename: string, contentType: string, bytes: Buffer): Promise<Attachment> {
    const attachment: Attachment = { id: randomUUID(), filename, contentType, size: bytes.length };
    await writeFile(path.join(this.#filesDir, attachment.id), bytes);
    await writeFile(path.join(this.#filesDir, `${attachment.id}.json`), JSON.stringify(attachment));
    return attachment;
  }

  /** An uploaded file and its metadata, or null (unknown or malformed id). */
  async attachment(id: string): Promise<{ meta: Attachment; bytes: Buffer } | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    try {
      const meta = AttachmentSchema.parse(JSON.parse(await readFile(path.join(this.#filesDir, `${id}.json`), 'utf8')));
      return { meta, bytes: await readFile(path.join(this.#filesDir, id)) };
    } catch {
      return null;
    }
  }

  /** The stored metadata of uploaded attachments, or undefined when one of them was never uploaded. */
  async uploaded(ids: readonly string[]): Promise<Attachment[] | undefined> {
    const found = await Promise.all(ids.map((id) => this.attachment(id)));
    return found.every((f) => f !== null) ? found.map((f) => (f as { meta: Attachment }).meta) : undefined;
  }

  /** The internal task of a source, if one was created already. */
  bySource(source: string): Task | undefined {
    const task = this.#state.tasks.find((t) => t.source === source);
    return task && structuredClone(task);
  }

  async create(input: { projectId: number; type: Task['type']; subject: string; text: string; supportQuestion: string[]; author: Entry['author']; attachments: Attachment[]; source?: string }): Promise<Task> {
    const now = new Date().toISOString();
    this.#state.lastNumber += 1;
    const task: Task = {
      id: `T-${this.#state.lastNumber}`,
      projectId: input.projectId,
      type: input.type,
      subject: input.subject,
      status: 'OPEN',
      team: input.type === 'REQUEST' ? routeToTeam(input.supportQuestion) : DEFAULT_TEAM,
      supportQuestion: input.supportQuestion,
      source: input.source ?? null,
      createdAt: now,
      updatedAt: now,
      entries: [
        {
          id: randomUUID(),
          kind: input.type === 'TODO' ? 'EXTERNAL_RESPONSE' : input.type === 'SERVICE' ? 'INTERNAL_INQUIRY' : 'EXTERNAL_REQUEST',
          author: input.author,
          text: input.text,
          createdAt: now,
          attachments: input.attachments,
        },
      ],
    };
    this.#state.tasks.push(task);
    await this.#file.save(this.#state);
    if (input.type === 'TODO') this.#announce(task, task.entries[0] as Entry);
    return structuredClone(task);
  }

  /** Adds an entry; a status change adds its ACTION_COMMENT line. Undefined for an unknown task. */
  async addEntry(taskId: string, entry: { kind: Entry['kind']; author: Entry['author']; text: string; attachments?: Attachment[] }, status?: TaskStatus): Promise<Entry | undefined> {
    const task = this.#state.tasks.find((t) => t.id === taskId);
    if (!task) return undefined;
    const now = new Date().toISOString();
    const added: Entry = { id: randomUUID(), ...entry, attachments: entry.attachments ?? [], createdAt: now };
    task.entries.push(added);
    // A customer writing again reopens a finished task; the installer answering takes it in hand.
    if (entry.kind === 'COMMENT' && entry.author.role === 'CUSTOMER' && task.status === 'DONE') task.status = 'OPEN';
    if (status && status !== task.status) {
      task.status = status;
      task.entries.push({ id: randomUUID(), kind: 'ACTION_COMMENT', author: { name: 'System', role: 'SYSTEM', portalUserId: null }, text: `STATUS:${status}`, createdAt: now, attachments: [] });
    }
    task.updatedAt = now;
    await this.#file.save(this.#state);
    if (entry.author.role !== 'CUSTOMER' && entry.kind !== 'INTERNAL_INQUIRY') this.#announce(task, added);
    return structuredClone(added);
  }

  async setStatus(taskId: string, status: TaskStatus): Promise<boolean> {
    const task = this.#state.tasks.find((t) => t.id === taskId);
    if (!task) return false;
    if (task.status === status) return true;
    const now = new Date().toISOString();
    task.status = status;
    const line: Entry = { id: randomUUID(), kind: 'ACTION_COMMENT', author: { name: 'System', role: 'SYSTEM', portalUserId: null }, text: `STATUS:${status}`, createdAt: now, attachments: [] };
    task.entries.push(line);
    task.updatedAt = now;
    await this.#file.save(this.#state);
    this.#announce(task, line);
    return true;
  }

  #announce(task: Task, entry: Entry) {
    // Internal tasks are the back office's own: nothing about them reaches the customer.
    if (task.type === 'SERVICE') return;
    for (const listener of this.#listeners) listener({ taskId: task.id, projectId: task.projectId, entryId: entry.id, kind: entry.kind, status: task.status });
  }

  async remove(taskId: string): Promise<boolean> {
    const before = this.#state.tasks.length;
    this.#state.tasks = this.#state.tasks.filter((t) => t.id !== taskId);
    await this.#file.save(this.#state);
    return this.#state.tasks.length < before;
  }

  async reset(): Promise<void> {
    this.#state = TaskStore.#fresh(this.#demo);
    await rm(this.#filesDir, { recursive: true, force: true });
    await mkdir(this.#filesDir, { recursive: true });
    await this.#file.save(this.#state);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
