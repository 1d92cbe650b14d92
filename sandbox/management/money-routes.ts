import express from 'express';
import { z } from 'zod';
import { badRequest, controlJson, notFound } from '../shared/stand-in.ts';
import {
  DirectDebitInputSchema,
  MandateSchema,
  MoneyConflict,
  PayoutAccountSchema,
  ReferralInputSchema,
  RefundInputSchema,
  type DirectDebit,
  type ManagementMoneyStore,
  type Referral,
  type Refund,
} from './money.ts';
import type { ManagementStore } from './store.ts';

const ProjectIdSchema = z.coerce.number().int().positive();
const json = express.json({ limit: '8kb' });

/** The vendor's refund: the customer's payout account never goes back out; a debt names where to pay. */
function publicRefund(money: ManagementMoneyStore, refund: Refund) {
  const owed = refund.amount.startsWith('-');
  return {
    amount: refund.amount,
    status: refund.status,
    reason: refund.reason,
    invoiceNumber: refund.invoiceNumber,
    dueDate: refund.dueDate,
    payTo: owed ? { ...money.installerAccount, reference: `${refund.invoiceNumber ?? 'Projekt'} ${refund.projectId}` } : null,
  };
}
const publicDirectDebit = (debit: DirectDebit) => ({
  required: true,
  purpose: debit.purpose,
  amount: debit.amount,
  interval: debit.interval,
  firstCollectionOn: debit.firstCollectionOn,
  mandateReference: debit.mandate?.mandateReference ?? null,
});
const publicReferral = ({ id, name, email, status, reward, createdAt, confirmedAt, paidOutAt }: Referral) => ({ id, name, email, status, reward, createdAt, confirmedAt, paidOutAt });

async function conflictAware(res: express.Response, work: () => Promise<unknown>) {
  try {
    const result = await work();
    if (result === undefined) return notFound(res);
    res.json(result);
  } catch (error) {
    if (!(error instanceof MoneyConflict)) throw error;
    res.status(409).json({ error: 'conflict', detail: error.message });
  }
}

/**
 * The management service's money API (docs: sandbox/management/README.md): `GET /projects/:id/refund`,
 * `PUT /projects/:id/refund/payout-account`, `GET /projects/:id/direct-debit`, `POST /projects/:id/direct-debit/mandate`,
 * `GET|POST /projects/:id/referrals`.
 */
export function moneyApi(api: express.Router, money: ManagementMoneyStore, store: ManagementStore) {
  const project = (raw: string | undefined) => {
    const id = ProjectIdSchema.safeParse(raw);
    return id.success && store.get(id.data) ? id.data : undefined;
  };
  api.get('/projects/:id/refund', (req, res) => {
    const id = project(req.params.id);
    const refund = id === undefined ? undefined : money.refund(id);
    if (!refund) return notFound(res);
    res.json(publicRefund(money, refund));
  });
  api.put('/projects/:id/refund/payout-account', json, async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    const body = PayoutAccountSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    await conflictAware(res, async () => {
      const refund = await money.receivePayoutAccount(id, body.data);
      return refund && publicRefund(money, refund);
    });
  });
  api.get('/projects/:id/direct-debit', (req, res) => {
    const id = project(req.params.id);
    const debit = id === undefined ? undefined : money.directDebit(id);
    if (!debit) return notFound(res);
    res.json(publicDirectDebit(debit));
  });
  api.post('/projects/:id/direct-debit/mandate', json, async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    const body = MandateSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    const debit = await money.receiveMandate(id, body.data);
    if (!debit) return notFound(res);
    res.json(publicDirectDebit(debit));
  });
  api.get('/projects/:id/referrals', (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    res.json({ reward: money.rewardPerReferral, items: money.referrals(id).map(publicReferral) });
  });
  api.post('/projects/:id/referrals', json, async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    const body = ReferralInputSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    try {
      res.status(201).json(publicReferral(await money.createReferral(id, body.data)));
    } catch (error) {
      if (!(error instanceof MoneyConflict)) throw error;
      res.status(409).json({ error: 'conflict', detail: error.message });
    }
  });
}

const ReferralActionSchema = z.strictObject({ referredProjectId: z.number().int().positive().optional() });

/** Test controls: set or remove a refund or direct debit, settle a refund, confirm, pay out or decline a referral. */
export function moneyControl(control: express.Router, money: ManagementMoneyStore, store: ManagementStore) {
  const project = (raw: string | undefined) => {
    const id = ProjectIdSchema.safeParse(raw);
    return id.success && store.get(id.data) ? id.data : undefined;
  };
  control.put('/projects/:id/refund', controlJson, async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    const body = RefundInputSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    res.json(publicRefund(money, await money.setRefund(id, body.data)));
  });
  control.delete('/projects/:id/refund', async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined || !(await money.removeRefund(id))) return notFound(res);
    res.status(204).end();
  });
  control.post('/projects/:id/refund/settle', async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    await conflictAware(res, async () => {
      const refund = await money.settleRefund(id);
      return refund && publicRefund(money, refund);
    });
  });
  control.put('/projects/:id/direct-debit', controlJson, async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined) return notFound(res);
    const body = DirectDebitInputSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    res.json(publicDirectDebit(await money.setDirectDebit(id, body.data)));
  });
  control.delete('/projects/:id/direct-debit', async (req, res) => {
    const id = project(req.params.id);
    if (id === undefined || !(await money.removeDirectDebit(id))) return notFound(res);
    res.status(204).end();
  });
  control.get('/referrals', (_req, res) => {
    res.json({ items: money.allReferrals() });
  });
  for (const action of ['confirm', 'payout', 'decline'] as const) {
    control.post(`/referrals/:id/${action}`, controlJson, async (req, res) => {
      const body = ReferralActionSchema.safeParse(req.body ?? {});
      if (!body.success) return badRequest(res, z.prettifyError(body.error));
      await conflictAware(res, () => money.changeReferral(req.params.id as string, action, body.data.referredProjectId));
    });
  }
}
