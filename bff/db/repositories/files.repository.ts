import type { Knex } from 'knex';
import type { ManagementDocumentRepository, MeterChangeRepository, MirroredDocument, StoredCapability, StoredMeterChange } from '../../domain/repositories/files.ts';

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

export function createManagementDocumentRepository(knex: Knex): ManagementDocumentRepository {
  return {
    async sync(projectId, files) {
      return knex.transaction(async (trx) => {
        const current = (await trx(DOCS).where({ projectId, deleted: false }).forUpdate()).map(toMirrored);
        const listed = new Map(files.filter((f) => !f.deleted).map((f) => [f.managementId, f]));
        // Gone from the list, deleted there, or replaced by a new version: the old row stays as history, hidden.
        const stale = current.filter((row) => listed.get(row.managementId)?.hash !== row.hash).map((row) => row.id);
        if (stale.length > 0) await trx(DOCS).whereIn('id', stale).update({ deleted: true, updatedAt: trx.fn.now() });
        for (const file of listed.values()) {
          const row = { projectId, managementId: file.managementId, filename: file.filename, share: file.share, path: file.path, type: file.type, hash: file.hash };
          // A version seen before (e.g. a file changed back) comes back as that row.
          await trx(DOCS)
            .insert({ ...row, deleted: false })
            .onConflict(['projectId', 'managementId', 'hash'])
            .merge({ filename: row.filename, share: row.share, path: row.path, type: row.type, deleted: false, updatedAt: trx.fn.now() });
        }
        return (await trx(DOCS).where({ projectId, deleted: false }).orderBy('id')).map(toMirrored);
      });
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
