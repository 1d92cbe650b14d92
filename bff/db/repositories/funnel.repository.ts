import type { Knex } from 'knex';
import { EMPTY_DRAFT, type ClickIdType, type FunnelDraft, type FunnelFieldErrors, type LeadContentTopic } from '../../contracts/funnel.ts';
import type { AccountDataSource, AccountSubject } from '../../domain/account/account-data.ts';
import type { FunnelLead, FunnelRepository, FunnelRequest, FunnelRequestStatus, FunnelSmsCode, LeadSource, LeadSourceRepository } from '../../domain/repositories/funnel.ts';

type Row = Record<string, unknown>;
const date = (value: unknown) => (value ? new Date(value as string) : null);

const toSource = (row: Row): LeadSource => ({
  id: Number(row.id),
  leadsourceId: String(row.leadsourceId),
  externalId: (row.externalId as string | null) ?? null,
  urlParam: String(row.urlParam),
  isActive: Boolean(row.isActive),
});

const toRequest = (row: Row): FunnelRequest => ({
  id: Number(row.id),
  nonce: String(row.nonce),
  leadsourceId: String(row.leadsourceId),
  externalId: (row.externalId as string | null) ?? null,
  clickId: (row.clickId as string | null) ?? null,
  clickIdType: (row.clickIdType as ClickIdType | null) ?? null,
  draft: { ...EMPTY_DRAFT, ...(row.draft as Partial<FunnelDraft>) },
  errors: (row.errors as FunnelFieldErrors | null) ?? {},
  phoneNumber: (row.phoneNumber as string | null) ?? null,
  status: row.status as FunnelRequestStatus,
  sends: Number(row.sends),
  lastSentAt: date(row.lastSentAt),
  validatedAt: date(row.validatedAt),
  leadId: (row.leadId as string | null) ?? null,
  expiresAt: new Date(row.expiresAt as string),
});

const toCode = (row: Row): FunnelSmsCode => ({
  id: Number(row.id),
  phoneNumber: String(row.phoneNumber),
  code: String(row.code),
  nonce: String(row.nonce),
  failedAttempts: Number(row.failedAttempts),
  expiresAt: new Date(row.expiresAt as string),
  replacedAt: date(row.replacedAt),
  validatedAt: date(row.validatedAt),
  createdAt: new Date(row.createdAt as string),
});

const toLead = (row: Row): FunnelLead => ({
  id: String(row.id),
  phoneNumber: String(row.phoneNumber),
  firstName: String(row.firstName),
  lastName: String(row.lastName),
  email: String(row.email),
  topics: (row.topics as LeadContentTopic[]) ?? [],
  leadsourceId: String(row.leadsourceId),
  contactConsentAt: new Date(row.contactConsentAt as string),
  contactConsentVersion: String(row.contactConsentVersion),
  salesLeadId: (row.salesLeadId as string | null) ?? null,
  salesForwardedAt: date(row.salesForwardedAt),
  conversionReportedAt: date(row.conversionReportedAt),
  status: row.status as FunnelLead['status'],
  customerNumber: (row.customerNumber as string | null) ?? null,
  wonAt: date(row.wonAt),
  accountUserId: (row.accountUserId as string | null) ?? null,
  createdAt: new Date(row.createdAt as string),
});

export function createLeadSourceRepository(knex: Knex): LeadSourceRepository {
  return {
    async byUrlParam(urlParam) {
      const row = await knex('funnel_store').where({ urlParam }).first();
      return row ? toSource(row) : null;
    },
    async list() {
      return (await knex('funnel_store').orderBy('urlParam')).map(toSource);
    },
    async upsert(source) {
      const [row] = await knex('funnel_store')
        .insert(source)
        .onConflict('urlParam')
        .merge({ ...source, updatedAt: knex.fn.now() })
        .returning('*');
      return toSource(row as Row);
    },
  };
}

export function createFunnelRepository(knex: Knex): FunnelRepository {
  return {
    async createRequest(request) {
      const [row] = await knex('funnel_request').insert(request).returning('*');
      return toRequest(row as Row);
    },

    async requestByNonce(nonce, now) {
      const row = await knex('funnel_request').where({ nonce }).where('expiresAt', '>', now).first();
      return row ? toRequest(row) : null;
    },

    async saveDraft(id, draft, errors) {
      await knex('funnel_request').where({ id }).update({ draft: JSON.stringify(draft), errors: JSON.stringify(errors), updatedAt: knex.fn.now() });
    },

    async issueCode(request, code, sentAt) {
      return knex.transaction(async (trx) => {
        // The conditional update is the claim: of two concurrent posts of one request only one finds `sends` unchanged.
        const claimed = await trx('funnel_request')
          .where({ id: request.id, sends: request.sends })
          .update({ phoneNumber: code.phoneNumber, status: 'CODE_SENT', lastSentAt: sentAt, sends: trx.raw('sends + 1'), errors: '{}', updatedAt: trx.fn.now() });
        if (claimed === 0) return false;
        await trx('funnel_sms_code').where({ nonce: request.nonce }).whereNull('replacedAt').update({ replacedAt: sentAt, updatedAt: trx.fn.now() });
        await trx('funnel_sms_code').insert({ nonce: request.nonce, phoneNumber: code.phoneNumber, code: code.codeHash, expiresAt: code.expiresAt });
        return true;
      });
    },

    async withdrawCode(request, codeHash) {
      await knex.transaction(async (trx) => {
        await trx('funnel_sms_code').where({ nonce: request.nonce, code: codeHash }).delete();
        await trx('funnel_request').where({ id: request.id }).update({ sends: trx.raw('greatest(sends - 1, 0)') });
      });
    },

    async currentCode(nonce) {
      const row = await knex('funnel_sms_code').where({ nonce }).whereNull('replacedAt').orderBy('createdAt', 'desc').orderBy('id', 'desc').first();
      return row ? toCode(row) : null;
    },

    async recordFailure(codeId) {
      const [row] = await knex('funnel_sms_code').where({ id: codeId }).increment('failedAttempts', 1).returning('failedAttempts');
      return Number(row?.failedAttempts ?? 0);
    },

    async validate(codeId, requestId, lead, at) {
      return knex.transaction(async (trx) => {
        const used = await trx('funnel_sms_code').where({ id: codeId }).whereNull('validatedAt').whereNull('replacedAt').update({ validatedAt: at, updatedAt: trx.fn.now() });
        if (used === 0) return null;
        const [row] = await trx('funnel_lead')
          .insert({ ...lead, topics: trx.raw('?::text[]', [lead.topics]) })
          .onConflict('phoneNumber')
          .merge({
            firstName: lead.firstName,
            lastName: lead.lastName,
            email: lead.email,
            topics: trx.raw('?::text[]', [lead.topics]),
            contactConsentAt: lead.contactConsentAt,
            contactConsentVersion: lead.contactConsentVersion,
            updatedAt: trx.fn.now(),
          })
          .returning('*');
        const stored = toLead(row as Row);
        await trx('funnel_request').where({ id: requestId }).update({ status: 'VALIDATED', validatedAt: at, leadId: stored.id, updatedAt: trx.fn.now() });
        return stored;
      });
    },

    async lead(id) {
      const row = await knex('funnel_lead').where({ id }).first();
      return row ? toLead(row) : null;
    },

    async leadBySalesId(salesLeadId) {
      const row = await knex('funnel_lead').where({ salesLeadId }).first();
      return row ? toLead(row) : null;
    },

    async leadByAccount(userId) {
      const row = await knex('funnel_lead').where({ accountUserId: userId }).first();
      return row ? toLead(row) : null;
    },

    async setAccount(leadId, userId) {
      const changed = await knex('funnel_lead').where({ id: leadId }).whereNull('accountUserId').update({ accountUserId: userId, updatedAt: knex.fn.now() });
      return changed === 1;
    },

    async updateContact(leadId, contact) {
      await knex('funnel_lead')
        .where({ id: leadId })
        .update({ firstName: contact.firstName, lastName: contact.lastName, topics: knex.raw('?::text[]', [contact.topics]), updatedAt: knex.fn.now() });
    },

    async markForwarded(leadId, salesLeadId, at) {
      await knex('funnel_lead').where({ id: leadId }).update({ salesLeadId, salesForwardedAt: at, updatedAt: knex.fn.now() });
    },

    async unforwarded(limit) {
      return (await knex('funnel_lead').whereNull('salesForwardedAt').orderBy('createdAt').limit(limit)).map(toLead);
    },

    async claimConversion(leadId, at) {
      const claimed = await knex('funnel_lead').where({ id: leadId }).whereNull('conversionReportedAt').update({ conversionReportedAt: at });
      return claimed === 1;
    },

    async releaseConversion(leadId) {
      await knex('funnel_lead').where({ id: leadId }).update({ conversionReportedAt: null });
    },

    async markWon(leadId, customerNumber, at) {
      await knex('funnel_lead').where({ id: leadId }).update({ status: 'WON', customerNumber, wonAt: at, updatedAt: knex.fn.now() });
    },

    async markLost(leadId) {
      await knex('funnel_lead').where({ id: leadId }).update({ status: 'LOST', updatedAt: knex.fn.now() });
    },

    async deleteLostLeads(before) {
      return knex('funnel_lead').where({ status: 'LOST' }).where('updatedAt', '<', before).delete();
    },

    async lostLeadAccounts(before) {
      const rows = await knex('funnel_lead').where({ status: 'LOST' }).where('updatedAt', '<', before).whereNotNull('accountUserId').select('accountUserId');
      return rows.map((row: { accountUserId: string }) => row.accountUserId);
    },

    async deleteExpired(now) {
      return knex('funnel_request').where('expiresAt', '<=', now).delete();
    },
  };
}

/**
 * The lead funnel's data of an account (docs/account.md registry): the funnel lead whose account it is, or
 * that was made with one of the account's addresses, with the funnel requests that led to it (what was typed; their
 * codes go with them). Erased on deletion; the lead at the sales service stays with the installer's sales (like the
 * projects at the management service).
 */
export function funnelAccountData(knex: Knex): AccountDataSource {
  const mine = (subject: AccountSubject) => (q: Knex.QueryBuilder) =>
    q.where('accountUserId', subject.userId).orWhereRaw('lower(email) = any(?)', [[...new Set(subject.emails.map((e) => e.toLowerCase()))]]);
  return {
    name: 'leadFunnel',
    async count(subject) {
      const row = await knex('funnel_lead').where(mine(subject)).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async export(subject) {
      const leads = (await knex('funnel_lead').where(mine(subject)).orderBy('createdAt')).map(toLead);
      return leads.map((lead) => ({
        leadId: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        mobileNumber: lead.phoneNumber,
        topics: lead.topics,
        leadSource: lead.leadsourceId,
        contactConsentAt: lead.contactConsentAt.toISOString(),
        contactConsentVersion: lead.contactConsentVersion,
        salesLeadId: lead.salesLeadId,
        status: lead.status,
        customerNumber: lead.customerNumber,
        createdAt: lead.createdAt.toISOString(),
      }));
    },
    async erase(subject) {
      const ids = (await knex('funnel_lead').where(mine(subject)).pluck('id')) as string[];
      const emails = [...new Set(subject.emails.map((e) => e.toLowerCase()))];
      return knex.transaction(async (trx) => ({
        // Requests that led to the lead or were typed with the address; their codes go with them (ON DELETE CASCADE).
        funnelRequest: await trx('funnel_request')
          .where((q) => {
            if (ids.length > 0) q.whereIn('leadId', ids);
            q.orWhereRaw("lower(draft->>'email') = any(?)", [emails]);
          })
          .delete(),
        funnelLead: ids.length > 0 ? await trx('funnel_lead').whereIn('id', ids).delete() : 0,
      }));
    },
  };
}
