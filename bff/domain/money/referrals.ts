import type { SessionUser } from '../../contracts/auth.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import { message } from '../../contracts/message-text.ts';
import { MONEY_PAGES, MoneyErrors, electronicIban, holderForBank, type ReferralRequest, type ReferralState, type ReferralView } from '../../contracts/money.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { ManagementConflict, type ManagedProject, type ManagedReferral } from '../../ports/management-service.ts';
import { AppError } from '../errors.ts';
import { requestHash } from '../idempotency/idempotency.ts';
import type { RequestContext } from '../request-context.ts';
import type { StoredReferral } from '../repositories/money.ts';
import { parseAmount, toCents } from './amounts.ts';
import { buildFunnelReferralMail, buildReferralRewardMail } from './money-mails.ts';
import { accountView, createTtlMemo, currentProject, displayName, sendRecorded, type MoneyDeps } from './money-deps.ts';

/**
 * The referral reward (docs/money.md): the customer names who they recommended and where the reward
 * goes; the installer's management service confirms the referral once the person became a customer and pays the
 * reward out. The portal keeps the ReferralReward rows and mirrors the service's state (eingereicht, bestätigt,
 * ausgezahlt); a referral the service could not take yet is registered on the next page view.
 */
/** How far a referral got; the portal's copy only ever moves forward (a cached answer can be older than the copy). */
const STAGE: Record<ReferralState, number> = { SUBMITTED: 0, CONFIRMED: 1, DECLINED: 2, PAID_OUT: 2 };

export function createReferrals(deps: MoneyDeps) {
  const memo = createTtlMemo();

  function view(row: StoredReferral): ReferralView {
    return {
      id: row.id,
      name: row.name,
      emailAddress: row.emailAddress,
      state: row.status,
      submittedAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      paidOutAt: row.paidOutAt?.toISOString() ?? null,
      reward: row.reward,
      account: accountView(row.bankAccountOwnerName, row.account),
    };
  }

  async function register(row: StoredReferral): Promise<ManagedReferral | null> {
    try {
      const managed = await deps.management.createReferral(row.projectId, { externalId: `portal-${row.id}`, name: row.name, email: row.emailAddress, portalUserId: row.userId });
      await deps.referrals.setManagementId(row.id, managed.id);
      return managed;
    } catch (error) {
      if (error instanceof ManagementConflict) {
        deps.warn('management refused a referral', { referralId: row.id, reason: error.message });
        return null;
      }
      if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
      deps.warn('referral not registered yet; retried on the next view', { referralId: row.id });
      return null;
    }
  }

  /** The portal's rows with the management service's state; rows it does not know yet are registered now. */
  async function synced(projectId: number, load: () => Promise<{ reward: string; items: ManagedReferral[] }>) {
    const [rows, managed] = await Promise.all([deps.referrals.ofProject(projectId), load()]);
    const byId = new Map(managed.items.map((m) => [m.id, m]));
    const result: StoredReferral[] = [];
    for (const row of rows) {
      const current = row.managementId ? byId.get(row.managementId) : await register(row);
      if (!current) {
        result.push(row);
        continue;
      }
      const state = {
        status: current.status,
        reward: toCents(parseAmount(current.reward)),
        confirmedAt: current.confirmedAt ? new Date(current.confirmedAt) : null,
        paidOutAt: current.paidOutAt ? new Date(current.paidOutAt) : null,
      };
      if (STAGE[state.status] < STAGE[row.status] || (state.status === row.status && state.reward === row.reward)) {
        result.push({ ...row, managementId: current.id });
        continue;
      }
      await deps.referrals.updateState(row.id, state);
      result.push({ ...row, ...state, managementId: current.id });
    }
    return { reward: toCents(parseAmount(managed.reward)), rows: result };
  }

  return {
    /** `POST /referral-reward`: a referral and where the reward goes; once per Idempotency-Key and person. */
    async create(user: SessionUser, input: ReferralRequest, key: string | undefined) {
      await deps.projects.ownedProject(user.id, input.projectId);
      if (input.emailAddress === user.email.trim().toLowerCase()) throw new AppError(MoneyErrors.REFERRAL_SELF, { params: { field: 'emailAddress' } });
      const { idempotencyKey: _k, consent: _c, ...fields } = input;
      const hash = requestHash(['referral', ...Object.entries({ ...fields, iban: electronicIban(input.iban) }).map(([k, v]) => `${k}=${String(v ?? '')}`)]);
      return deps.idempotent({ userId: user.id, key, scope: 'referral.create', hash }, async () => {
        const account = await deps.bankCheck.forSubmission(input.iban, { bic: input.bic, bankName: input.bankName });
        const row = await deps.referrals.create({ projectId: input.projectId, userId: user.id, emailAddress: input.emailAddress, name: input.name, bankAccountOwnerName: holderForBank(input.bankAccountOwnerName), account });
        if (!row) throw new AppError(MoneyErrors.REFERRAL_DUPLICATE, { params: { field: 'emailAddress' } });
        const managed = await register(row);
        const reward = managed ? toCents(parseAmount(managed.reward)) : (await deps.management.referrals(input.projectId).catch(() => ({ reward: '0.00' }))).reward;
        const lang = await deps.users.languageOf(user.id);
        const customerMail = buildReferralRewardMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, name: displayName(user), referredName: input.name, reward, iban: account.iban, lang });
        await sendRecorded(deps, user, 'REFERRAL_REWARD', user.email, customerMail, input.projectId);
        const referrer = `${user.firstName} ${user.lastName}`.trim() || user.email;
        const invitation = buildFunnelReferralMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, referredName: input.name, referrerName: referrer, lang });
        await sendRecorded(deps, user, 'FUNNEL_REFERRAL', input.emailAddress, invitation, input.projectId);
        return { status: 201, body: view({ ...row, managementId: managed?.id ?? null, reward }) };
      });
    },

    /** The page: the session project's referrals with their state, newest first, and the reward per referral. */
    async page(ctx: RequestContext) {
      const project = await currentProject(deps, ctx);
      if (!project) return null;
      const { reward, rows } = await synced(project.id, () => deps.management.referrals(project.id));
      return { projectId: project.id, reward, referrals: rows.map(view) };
    },

    /** REFERRAL_REWARD when a referral was confirmed or its reward paid out (one notification per step). */
    async notifications(ctx: RequestContext, project: ManagedProject): Promise<Omit<PortalNotification, 'seen'>[]> {
      if (!ctx.user) return [];
      const userId = ctx.user.id;
      if ((await deps.referrals.ofProject(project.id)).length === 0) return [];
      const { rows } = await synced(project.id, () => memo(`referrals:${project.id}`, () => deps.management.referrals(project.id)));
      return rows
        .filter((row) => row.userId === userId && (row.status === 'CONFIRMED' || row.status === 'PAID_OUT'))
        .map((row) => {
          const paid = row.status === 'PAID_OUT';
          const reward = { amount: toCents(parseAmount(row.reward ?? '0.00')) };
          return {
            id: `REFERRAL_REWARD:${row.id}:${row.status}`,
            type: 'REFERRAL_REWARD' as const,
            projectId: project.id,
            title: paid ? message('money.noticeReferralPaidTitle') : message('money.noticeReferralConfirmedTitle'),
            text: paid ? message('money.noticeReferralPaidText', { reward, name: row.name }) : message('money.noticeReferralConfirmedText', { reward, name: row.name }),
            href: MONEY_PAGES.referralReward,
            createdAt: ((paid ? row.paidOutAt : row.confirmedAt) ?? row.createdAt).toISOString(),
          };
        });
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
