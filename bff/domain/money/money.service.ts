import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../contracts/auth.ts';
import { MoneyErrors, type IbanCheck, type MoneyServices } from '../../contracts/money.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { BankCheckRepository } from '../repositories/money.ts';
import type { MoneyDeps } from './money-deps.ts';
import { createReferrals } from './referrals.ts';
import { createRefunds } from './refunds.ts';
import { createSepaMandates } from './sepa-mandates.ts';

/** IBAN checks per customer and minute: enough for typing and correcting, too few to probe accounts. */
const IBAN_CHECKS_PER_MINUTE = 30;

/**
 * Money (docs/money.md): the IBAN check, the refund, the SEPA mandate and the referral reward, with their
 * notification sources, page services, the retried bank check and the customer's rows for export and deletion.
 */
export function createMoneyService(deps: MoneyDeps & { bankChecks: BankCheckRepository }) {
  const refunds = createRefunds(deps);
  const sepa = createSepaMandates(deps);
  const referrals = createReferrals(deps);
  const now = deps.now ?? (() => new Date());

  return {
    refunds,
    sepa,
    referrals,

    /** `POST /util/ibanvalidation` (the IBAN in the body), rate limited per customer. */
    async checkIban(user: SessionUser, iban: string): Promise<IbanCheck> {
      const limit = await deps.rateLimiter.hit(`iban-check:${user.id}`, IBAN_CHECKS_PER_MINUTE, 60);
      if (!limit.allowed) throw new AppError(MoneyErrors.RATE_LIMITED, { retryAfterSeconds: limit.retryAfterSeconds });
      return deps.bankCheck.check(iban);
    },

    /**
     * The bank-check job (docs/jobs.md "bank-check"): bank details taken while the IBAN validator was down are checked
     * again; the validator's BIC and bank name are filled in, a refusal (closed account, unknown bank) is recorded and
     * shown to the customer. Still down: they stay pending for the next run.
     */
    async recheckPending(limit = 100) {
      const pending = await deps.bankChecks.pending(limit);
      const counts = { checked: pending.length, verified: 0, rejected: 0, stillPending: 0 };
      for (const item of pending) {
        const result = await deps.bankCheck.recheck(item.iban);
        if (result.status === 'PENDING') {
          counts.stillPending += 1;
          continue;
        }
        if (result.status === 'VERIFIED') counts.verified += 1;
        if (result.status === 'REJECTED') counts.rejected += 1;
        await deps.bankChecks.record(item.table, item.id, { ...result, checkedAt: now() });
      }
      return counts;
    },

    forRequest: (ctx: RequestContext): MoneyServices => ({
      async refund() {
        const page = await refunds.page(ctx);
        return page && { ...page, idempotencyKey: randomUUID() };
      },
      async sepaMandate(returned) {
        const page = await sepa.page(ctx, returned);
        return page && { ...page, idempotencyKey: randomUUID() };
      },
      async referrals() {
        const page = await referrals.page(ctx);
        return page && { ...page, idempotencyKey: randomUUID() };
      },
    }),
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
