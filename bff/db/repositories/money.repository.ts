import type { Knex } from 'knex';
import type { BankCheckStatus, IbanProblem, ReferralState } from '../../contracts/money.ts';
import type {
  BankCheckRepository,
  BankCheckTable,
  CtaRepository,
  MoneyPersonalDataRepository,
  ReferralRepository,
  RefundRepository,
  SepaMandateRepository,
  StoredBankDetails,
  StoredReferral,
  StoredRefund,
  StoredSepaMandate,
} from '../../domain/repositories/money.ts';

const date = (value: unknown) => (value ? new Date(value as string) : null);
/** PostgreSQL numeric comes back as a string ("312.45"): it never passes through a JavaScript number. */
const decimal = (value: unknown) => (value === null || value === undefined ? null : String(value));
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

function bankOf(row: Record<string, unknown>, fields: { iban: string; bic: string; bank: string }): StoredBankDetails | null {
  if (!row[fields.iban]) return null;
  return {
    iban: String(row[fields.iban]),
    bic: (row[fields.bic] as string | null) ?? null,
    bank: (row[fields.bank] as string | null) ?? null,
    check: ((row.bankCheckStatus as string | null) ?? 'OFF') as BankCheckStatus,
    problem: (row.bankCheckProblem as IbanProblem | null) ?? null,
    checkedAt: date(row.bankCheckedAt),
  };
}
const bankColumns = (account: StoredBankDetails) => ({
  bankCheckStatus: account.check,
  bankCheckProblem: account.problem,
  bankCheckedAt: account.checkedAt,
});

const toRefund = (row: Record<string, unknown>): StoredRefund => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  amount: String(row.amount),
  payout: row.payout as StoredRefund['payout'],
  name: (row.name as string | null) ?? null,
  account: bankOf(row, { iban: 'iban', bic: 'bic', bank: 'bank' }),
  userId: (row.userId as string | null) ?? null,
  completedAt: date(row.completedAt),
  emailSentAt: date(row.emailSentAt),
  documentId: (row.documentId as string | null) ?? null,
  documentDownloadedAt: date(row.documentDownloadedAt),
  createdAt: new Date(row.createdAt as string),
});

export function createRefundRepository(knex: Knex): RefundRepository {
  const TABLE = 'refund';
  return {
    async mirror(projectId, { amount, payout }) {
      await knex(TABLE).insert({ projectId, amount, payout }).onConflict('projectId').ignore();
      await knex(TABLE).where({ projectId }).whereNull('completedAt').whereNot({ amount }).update({ amount, payout, updatedAt: knex.fn.now() });
      return toRefund(await knex(TABLE).where({ projectId }).first());
    },
    async find(projectId) {
      const row = await knex(TABLE).where({ projectId }).first();
      return row ? toRefund(row) : null;
    },
    async complete(projectId, { name, account, userId, completedAt }) {
      const [row] = await knex(TABLE)
        .where({ projectId })
        .whereNull('completedAt')
        .update({ name, iban: account.iban, bic: account.bic, bank: account.bank, ...bankColumns(account), userId, completedAt, updatedAt: knex.fn.now() })
        .returning('*');
      return row ? toRefund(row) : null;
    },
    async setDocument(id, documentId) {
      await knex(TABLE).where({ id }).update({ documentId, updatedAt: knex.fn.now() });
    },
    async markEmailSent(id, at) {
      await knex(TABLE).where({ id }).whereNull('emailSentAt').update({ emailSentAt: at });
    },
    async markDocumentDownloaded(documentId, at) {
      const updated = await knex(TABLE).where({ documentId }).whereNull('documentDownloadedAt').update({ documentDownloadedAt: at });
      return updated === 1;
    },
  };
}

const toMandate = (row: Record<string, unknown>): StoredSepaMandate => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  userId: String(row.userId),
  creditorId: String(row.creditorId),
  mandateReference: String(row.mandateReferenceId),
  status: row.status as StoredSepaMandate['status'],
  sequenceType: row.sequenceType as StoredSepaMandate['sequenceType'],
  envelopeId: (row.envelopeId as string | null) ?? null,
  documentId: (row.documentId as string | null) ?? null,
  mdsId: (row.mdsId as string | null) ?? null,
  firstName: String(row.firstName),
  lastName: String(row.lastName),
  street: String(row.street),
  houseNumber: String(row.houseNumber),
  zip: String(row.zip),
  locality: String(row.locality),
  account: bankOf(row, { iban: 'iban', bic: 'bic', bank: 'bank' }) as StoredBankDetails,
  signedPlace: String(row.signedPlace),
  signedAt: date(row.signedAt),
  createdAt: new Date(row.createdAt as string),
});

export function createSepaMandateRepository(knex: Knex): SepaMandateRepository {
  const TABLE = 'sepa_mandate';
  return {
    async create(mandate) {
      const { account, mandateReference, ...rest } = mandate;
      try {
        const [row] = await knex(TABLE)
          .insert({ ...rest, mandateReferenceId: mandateReference, status: 'PENDING_SIGNATURE', iban: account.iban, bic: account.bic, bank: account.bank, ...bankColumns(account) })
          .returning('*');
        return toMandate(row);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async setEnvelope(id, envelopeId) {
      await knex(TABLE).where({ id }).update({ envelopeId, updatedAt: knex.fn.now() });
    },
    async byEnvelope(envelopeId) {
      const row = await knex(TABLE).where({ envelopeId }).first();
      return row ? toMandate(row) : null;
    },
    async current(projectId) {
      const row = await knex(TABLE)
        .where({ projectId })
        .whereIn('status', ['ACTIVE', 'PENDING_SIGNATURE'])
        .orderByRaw("CASE WHEN status = 'ACTIVE' THEN 0 ELSE 1 END")
        .orderBy('createdAt', 'desc')
        .first();
      return row ? toMandate(row) : null;
    },
    async active(projectId) {
      const row = await knex(TABLE).where({ projectId, status: 'ACTIVE' }).first();
      return row ? toMandate(row) : null;
    },
    async pending(projectId) {
      return (await knex(TABLE).where({ projectId, status: 'PENDING_SIGNATURE' }).orderBy('createdAt')).map(toMandate);
    },
    async activate(id, { mdsId, documentId, signedAt }) {
      try {
        await knex(TABLE).where({ id }).whereIn('status', ['PENDING_SIGNATURE', 'ACTIVE']).update({ status: 'ACTIVE', mdsId, documentId, signedAt, updatedAt: knex.fn.now() });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async cancel(id) {
      await knex(TABLE).where({ id, status: 'PENDING_SIGNATURE' }).update({ status: 'CANCELLED', updatedAt: knex.fn.now() });
    },
  };
}

export function createCtaRepository(knex: Knex): CtaRepository {
  const TABLE = 'cta';
  return {
    async open(projectId, type) {
      await knex.raw('INSERT INTO cta (project_id, type) VALUES (?, ?) ON CONFLICT (project_id, type) WHERE completed_at IS NULL DO NOTHING', [projectId, type]);
    },
    async complete(projectId, type, at) {
      await knex(TABLE).where({ projectId, type }).whereNull('completedAt').update({ completedAt: at });
    },
    async openSince(projectId, type) {
      const row = await knex(TABLE).where({ projectId, type }).whereNull('completedAt').first();
      return row ? new Date(row.createdAt as string) : null;
    },
  };
}

const toReferral = (row: Record<string, unknown>): StoredReferral => ({
  id: Number(row.id),
  projectId: Number(row.projectId),
  userId: String(row.userId),
  emailAddress: String(row.emailAddress),
  name: String(row.name),
  bankAccountOwnerName: String(row.bankAccountOwnerName),
  account: bankOf(row, { iban: 'iban', bic: 'bic', bank: 'bankName' }) as StoredBankDetails,
  status: row.status as ReferralState,
  managementId: (row.managementId as string | null) ?? null,
  reward: decimal(row.reward),
  confirmedAt: date(row.confirmedAt),
  paidOutAt: date(row.paidOutAt),
  completedAt: date(row.completedAt),
  createdAt: new Date(row.createdAt as string),
});

export function createReferralRepository(knex: Knex): ReferralRepository {
  const TABLE = 'referral_reward';
  return {
    async create(referral) {
      const { account, ...rest } = referral;
      try {
        const [row] = await knex(TABLE)
          .insert({ ...rest, status: 'SUBMITTED', iban: account.iban, bic: account.bic, bankName: account.bank, ...bankColumns(account) })
          .returning('*');
        return toReferral(row);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async setManagementId(id, managementId) {
      await knex(TABLE).where({ id }).update({ managementId, updatedAt: knex.fn.now() });
    },
    async ofProject(projectId) {
      return (await knex(TABLE).where({ projectId }).orderBy('createdAt', 'desc').orderBy('id', 'desc')).map(toReferral);
    },
    async updateState(id, state) {
      await knex(TABLE)
        .where({ id })
        .update({ ...state, completedAt: state.status === 'PAID_OUT' ? state.paidOutAt : null, updatedAt: knex.fn.now() });
    },
  };
}

const BANK_COLUMN: Record<BankCheckTable, { bank: string }> = { refund: { bank: 'bank' }, sepa_mandate: { bank: 'bank' }, referral_reward: { bank: 'bankName' } };

export function createBankCheckRepository(knex: Knex): BankCheckRepository {
  return {
    async pending(limit) {
      const rows = await Promise.all(
        (Object.keys(BANK_COLUMN) as BankCheckTable[]).map(async (table) =>
          (await knex(table).select('id', 'iban').where({ bankCheckStatus: 'PENDING' }).whereNotNull('iban').orderBy('id').limit(limit)).map((row) => ({ table, id: Number(row.id), iban: String(row.iban) })),
        ),
      );
      return rows.flat().slice(0, limit);
    },
    async record(table, id, result) {
      const bank = BANK_COLUMN[table].bank;
      await knex(table)
        .where({ id, bankCheckStatus: 'PENDING' })
        .update({
          bankCheckStatus: result.status,
          bankCheckProblem: result.problem,
          bankCheckedAt: result.checkedAt,
          // What the validator knows replaces what the customer typed; a rejected account keeps what was sent.
          ...(result.status === 'VERIFIED' && result.bic ? { bic: result.bic } : {}),
          ...(result.status === 'VERIFIED' && result.bank ? { [bank]: result.bank } : {}),
          updatedAt: knex.fn.now(),
        });
    },
  };
}

export function createMoneyPersonalDataRepository(knex: Knex): MoneyPersonalDataRepository {
  return {
    async rowsOfUser(userId) {
      const [refunds, sepaMandates, referralRewards] = await Promise.all([
        knex('refund').where({ userId }).orderBy('id'),
        knex('sepa_mandate').where({ userId }).orderBy('id'),
        knex('referral_reward').where({ userId }).orderBy('id'),
      ]);
      return { refunds, sepaMandates, referralRewards };
    },
    async eraseUser(userId) {
      return knex.transaction(async (trx) => {
        // Unsigned mandates and referrals whose reward was never paid are no payment records: they go.
        const deleted =
          (await trx('sepa_mandate').where({ userId }).whereNot({ status: 'ACTIVE' }).whereNull('signedAt').delete()) +
          (await trx('referral_reward').where({ userId }).whereNot({ status: 'PAID_OUT' }).delete());
        // A paid reward stays a booking record, but the referred person's name and address are not the installer's to keep.
        const anonymised = await trx('referral_reward').where({ userId, status: 'PAID_OUT' }).update({ name: 'gelöscht', emailAddress: trx.raw("'geloescht-' || id || '@invalid'"), updatedAt: trx.fn.now() });
        const retained =
          Number((await trx('refund').where({ userId }).whereNotNull('completedAt').count({ n: '*' }))[0]?.n ?? 0) +
          Number((await trx('sepa_mandate').where({ userId }).count({ n: '*' }))[0]?.n ?? 0) +
          anonymised;
        return { deleted, anonymised, retained };
      });
    },
  };
}
