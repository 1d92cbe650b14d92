import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { ManagementConflict, type ManagementMoney } from '../ports/management-service.ts';
import { createJsonClient } from './json-client.ts';

/** Amounts stay strings end to end: a number here would already be binary floating point. */
const Amount = z.string().regex(/^-?\d{1,12}(\.\d{1,4})?$/);
const RefundSchema = z.object({
  amount: Amount,
  status: z.enum(['OPEN', 'ACCOUNT_RECEIVED', 'SETTLED']),
  reason: z.string(),
  invoiceNumber: z.string().nullable(),
  dueDate: z.string().nullable(),
  payTo: z.object({ accountHolder: z.string(), iban: z.string(), bic: z.string(), bankName: z.string(), reference: z.string() }).nullable(),
});
const DirectDebitSchema = z.object({
  required: z.boolean(),
  purpose: z.string(),
  amount: Amount.nullable(),
  interval: z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY', 'ONCE']),
  firstCollectionOn: z.string().nullable(),
  mandateReference: z.string().nullable(),
});
const ReferralSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string(),
  email: z.string(),
  status: z.enum(['SUBMITTED', 'CONFIRMED', 'PAID_OUT', 'DECLINED']),
  reward: Amount,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidOutAt: z.string().nullable(),
});
const conflict = { 409: (detail: string | undefined) => new ManagementConflict(detail ?? 'conflict') };

/** Refunds, direct debits and referrals of the installer's management service (same REST API and token as the projects). */
export function createHttpManagementMoney(endpoint: ServiceEndpoint): ManagementMoney {
  const client = createJsonClient(endpoint);
  const base = (projectId: number) => `/projects/${encodeURIComponent(String(projectId))}`;
  return {
    refund: (projectId) => client.request(`${base(projectId)}/refund`, { schema: RefundSchema, nullOn404: true }),
    submitPayoutAccount: (projectId, account) =>
      client.request(`${base(projectId)}/refund/payout-account`, { method: 'PUT', json: account, schema: RefundSchema, errorOn: conflict }),
    directDebit: (projectId) => client.request(`${base(projectId)}/direct-debit`, { schema: DirectDebitSchema, nullOn404: true }),
    async recordMandate(projectId, mandate) {
      await client.request(`${base(projectId)}/direct-debit/mandate`, { method: 'POST', json: mandate, errorOn: conflict });
    },
    async referrals(projectId) {
      const answer = await client.request(`${base(projectId)}/referrals`, { schema: z.object({ reward: Amount, items: z.array(ReferralSchema) }), nullOn404: true });
      return answer ?? { reward: '0.00', items: [] };
    },
    createReferral: (projectId, referral) => client.request(`${base(projectId)}/referrals`, { method: 'POST', json: referral, schema: ReferralSchema, errorOn: conflict }),
  };
}
