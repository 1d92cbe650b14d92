import type { Knex } from 'knex';
import type { ManagementDocumentRepository, MeterChangeRepository, MirroredDocument, StoredCapability, StoredMeterChange, VendorFile } from '../../domain/repositories/files.ts';

const DOCS = 'management_api_document';
const REQUESTS = 'meter_change_request';
const CAPABILITIES = 'meter_photo_capability';

const toMirrored = (row: Record<string, unknown>): MirroredDocument => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  managementId: String(row.managementId),
  filename: String(row.filename),
  share: Boolean(row.share),
  path: String(row.path),
  type: String(row.type),
  hash: String(row.hash),
  deleted: Boolean(row.deleted),
  createdAt: new Date(row.createdAt as string),
  updatedAt: new Date(row.updatedAt as string),
});

/** PostgreSQL's SQLSTATE for a transaction chosen as a deadlock's victim. */
const DEADLOCK = '40P01';
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === DEADLOCK;

/** What a mirror row holds of the service's file; a row that already says all of it needs no write. */
const sameFile = (row: MirroredDocument, file: VendorFile) =>
  row.managementId === file.managementId && row.hash === file.hash && row.filename === file.filename && row.share === file.share && row.path === file.path && row.type === file.type;

/** The service's live files by id (deleted ones left out: they count as gone). */
const liveFiles = (files: VendorFile[]) => new Map(files.filter((f) => !f.deleted).map((f) => [f.managementId, f]));

/** True when the current rows are exactly the service's live files, field by field: the common case of a page view. */
function inLine(current: MirroredDocument[], listed: Map<string, VendorFile>): boolean {
  if (current.length !== listed.size) return false;
  return current.every((row) => {
    const file = listed.get(row.managementId);
    return file !== undefined && sameFile(row, file);
  });
}

/**
 * The mirror is read-mostly (docs/files.md "Mirror under load"): a view reads the project's rows without a lock and
 * writes nothing when they already match the service's list. Only a change takes the project's advisory lock (one
 * writer per project, so parallel views never lock rows in different orders), reads again under it, and writes just
 * the rows that differ. A deadlock with anything else is retried once and reported through `onDeadlock`.
 */
export function createManagementDocumentRepository(knex: Knex, onDeadlock: (details: { projectId: number; error: unknown }) => void = () => {}): ManagementDocumentRepository {
  const currentRows = async (db: Knex | Knex.Transaction, projectId: number) => (await db(DOCS).where({ projectId, deleted: false }).orderBy('id')).map(toMirrored);

  async function write(projectId: number, listed: Map<string, VendorFile>): Promise<MirroredDocument[]> {
    return knex.transaction(async (trx) => {
      // Two keys: this table's class and the project; waits for another writer of the same project only.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', [DOCS, projectId]);
      const current = await currentRows(trx, projectId);
      if (inLine(current, listed)) return current;
      // Gone from the list, deleted there, or replaced by a new version: the old row stays as history, hidden.
      const stale = current.filter((row) => listed.get(row.managementId)?.hash !== row.hash).map((row) => row.id);
      if (stale.length > 0) await trx(DOCS).whereIn('id', stale).update({ deleted: true, updatedAt: trx.fn.now() });
      const kept = new Map(current.filter((row) => !stale.includes(row.id)).map((row) => [row.managementId, row]));
      for (const file of listed.values()) {
        const row = kept.get(file.managementId);
        if (row && sameFile(row, file)) continue;
        const values = { projectId, managementId: file.managementId, filename: file.filename, share: file.share, path: file.path, type: file.type, hash: file.hash };
        // A version seen before (e.g. a file changed back) comes back as that row.
        await trx(DOCS)
          .insert({ ...values, deleted: false })
          .onConflict(['projectId', 'managementId', 'hash'])
          .merge({ filename: values.filename, share: values.share, path: values.path, type: values.type, deleted: false, updatedAt: trx.fn.now() });
      }
      return currentRows(trx, projectId);
    });
  }

  return {
    async sync(projectId, files) {
      const listed = liveFiles(files);
      const current = await currentRows(knex, projectId);
      if (inLine(current, listed)) return current;
      try {
        return await write(projectId, listed);
      } catch (error) {
        if (!isDeadlock(error)) throw error;
        onDeadlock({ projectId, error });
        return write(projectId, listed);
      }
    },
    async get(id) {
      const row = await knex(DOCS).where({ id }).first();
      return row ? toMirrored(row) : null;
    },
  };
}

const toRequest = (row: Record<string, unknown>): StoredMeterChange => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  userId: String(row.userId),
  managementRequestId: String(row.managementRequestId),
  photoReceivedAt: row.photoReceivedAt ? new Date(row.photoReceivedAt as string) : null,
  createdAt: new Date(row.createdAt as string),
});
const toCapability = (row: Record<string, unknown>): StoredCapability => ({
  id: Number(row.id),
  meterChangeRequestId: Number(row.meterChangeRequestId),
  codeHash: String(row.codeHash),
  expiresAt: new Date(row.expiresAt as string),
  usedAt: row.usedAt ? new Date(row.usedAt as string) : null,
  failedAttempts: Number(row.failedAttempts),
});

export function createMeterChangeRepository(knex: Knex): MeterChangeRepository {
  return {
    async ofProject(projectId) {
      const row = await knex(REQUESTS).where({ projectId }).first();
      return row ? toRequest(row) : null;
    },
    async byId(id) {
      const row = await knex(REQUESTS).where({ id }).first();
      return row ? toRequest(row) : null;
    },
    async create(entry) {
      const [row] = await knex(REQUESTS).insert(entry).onConflict('projectId').ignore().returning('*');
      return row ? toRequest(row) : null;
    },
    async markPhotoReceived(id) {
      await knex(REQUESTS).where({ id }).update({ photoReceivedAt: knex.fn.now(), updatedAt: knex.fn.now() });
    },
    async addCapability(entry) {
      await knex(CAPABILITIES).insert(entry);
    },
    async capability(tokenHash) {
      const row = await knex(CAPABILITIES).where({ tokenHash }).first();
      return row ? toCapability(row) : null;
    },
    async recordFailure(id) {
      const [row] = await knex(CAPABILITIES).where({ id }).increment('failedAttempts', 1).returning('failedAttempts');
      return Number(row?.failedAttempts ?? 0);
    },
    async use(id) {
      const count = await knex(CAPABILITIES).where({ id }).whereNull('usedAt').where('expiresAt', '>', knex.fn.now()).update({ usedAt: knex.fn.now() });
      return count === 1;
    },
    async release(id) {
      await knex(CAPABILITIES).where({ id }).update({ usedAt: null });
    },
  };
}
