import type { SessionUser } from '../../contracts/auth.ts';
import { documentHref } from '../../contracts/documents.ts';
import { message } from '../../contracts/message-text.ts';
import { MONEY_PAGES, MoneyErrors, electronicIban, holderForBank, type RefundPatch, type RefundView } from '../../contracts/money.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { ManagementConflict, type ManagedProject, type ManagedRefund } from '../../ports/management-service.ts';
import { AppError } from '../errors.ts';
import { requestHash } from '../idempotency/idempotency.ts';
import type { RequestContext } from '../request-context.ts';
import type { StoredRefund } from '../repositories/money.ts';
import { parseAmount, payoutOf, toCents } from './amounts.ts';
import { buildRefundDocument } from './money-documents.ts';
import { buildRefundMail, buildRefundSubmitMail } from './money-mails.ts';
import { accountView, createTtlMemo, currentProject, displayName, sendRecorded, type MoneyDeps } from './money-deps.ts';

const REFUND_TITLE = 'Erstattung – Bestätigung der Bankverbindung';
/** The portal's id of its refund document in the document service (idempotent filing). */
export const refundDocumentExternalId = (refundId: number) => `refund:${refundId}`;

/**
 * The refund (docs/money.md): the management service says whether a project has a refund and its amount
 * (a decimal string; positive: paid to the customer, negative: owed by them). For a payout the customer sends account
 * holder and IBAN once (`PATCH /project/{projectId}/refund`); the portal checks the IBAN, hands the account to the
 * installer, writes REFUND_COMPLETED, files the refund document (REFUND) and confirms by mail (refund-submit).
 */
export function createRefunds(deps: MoneyDeps) {
  const now = deps.now ?? (() => new Date());
  const memo = createTtlMemo();

  async function mirror(projectId: number, managed: ManagedRefund): Promise<StoredRefund> {
    const amount = parseAmount(managed.amount);
    return deps.refunds.mirror(projectId, { amount: toCents(amount), payout: payoutOf(amount) });
  }

  function view(projectId: number, managed: ManagedRefund, row: StoredRefund): RefundView {
    const amount = parseAmount(managed.amount);
    return {
      projectId,
      amount: toCents(amount),
      payout: payoutOf(amount),
      reason: managed.reason,
      invoiceNumber: managed.invoiceNumber,
      dueDate: managed.dueDate,
      payTo: managed.payTo,
      settled: managed.status === 'SETTLED',
      submitted:
        row.completedAt && row.account && row.name
          ? { account: accountView(row.name, row.account), completedAt: row.completedAt.toISOString(), documentHref: row.documentId ? documentHref(`ds-${row.documentId}`) : null }
          : null,
    };
  }

  /** Files the refund document; a document service outage only delays it (the next page view files it). */
  async function fileDocument(row: StoredRefund, managed: ManagedRefund): Promise<StoredRefund> {
    if (row.documentId || !row.completedAt || !row.account || !row.name) return row;
    try {
      const pdf = await buildRefundDocument({
        installerName: deps.installerName,
        projectId: row.projectId,
        amount: row.amount,
        reason: managed.reason,
        invoiceNumber: managed.invoiceNumber,
        accountHolder: row.name,
        iban: row.account.iban,
        bic: row.account.bic,
        bankName: row.account.bank,
        receivedAt: row.completedAt,
      });
      const { documentId } = await deps.archive({ projectId: row.projectId, type: 'REFUND', title: REFUND_TITLE, externalId: refundDocumentExternalId(row.id), filename: `Erstattung – Projekt ${row.projectId}.pdf`, pdf });
      await deps.refunds.setDocument(row.id, documentId);
      return { ...row, documentId };
    } catch (error) {
      deps.warn('refund document not filed yet', { refundId: row.id, error });
      return row;
    }
  }

  async function refundOf(projectId: number): Promise<RefundView | null> {
    const managed = await deps.management.refund(projectId);
    if (!managed) return null;
    const row = await fileDocument(await mirror(projectId, managed), managed);
    return view(projectId, managed, row);
  }

  return {
    /** `GET /project/{projectId}/refund`: the customer's project's refund, or null when it has none. */
    async get(user: SessionUser, projectId: number): Promise<RefundView | null> {
      await deps.projects.ownedProject(user.id, projectId);
      return refundOf(projectId);
    },

    /** The page's view of the session project (null without a project). */
    async page(ctx: RequestContext) {
      const project = await currentProject(deps, ctx);
      if (!project) return null;
      return { projectId: project.id, refund: await refundOf(project.id) };
    },

    /**
     * `PATCH /project/{projectId}/refund`: the bank details of a payout, once per refund and once per Idempotency-Key
     * (the same key and body answer the first answer again; a second submit after completion is 409).
     */
    async submit(user: SessionUser, projectId: number, input: RefundPatch, key: string | undefined) {
      await deps.projects.ownedProject(user.id, projectId);
      const managed = await deps.management.refund(projectId);
      if (!managed) throw new AppError(MoneyErrors.NO_REFUND);
      if (payoutOf(parseAmount(managed.amount)) === 'NEGATIVE') throw new AppError(MoneyErrors.REFUND_NOT_PAYOUT);
      const hash = requestHash(['refund', String(projectId), input.name, electronicIban(input.iban), input.bic ?? '', input.bankName ?? '']);
      return deps.idempotent({ userId: user.id, key, scope: 'refund.submit', hash }, async () => {
        const row = await mirror(projectId, managed);
        if (row.completedAt) throw new AppError(MoneyErrors.REFUND_ALREADY_COMPLETED);
        const account = await deps.bankCheck.forSubmission(input.iban, { bic: input.bic, bankName: input.bankName });
        try {
          await deps.management.submitPayoutAccount(projectId, { accountHolder: holderForBank(input.name), iban: account.iban, bic: account.bic, bankName: account.bank, portalUserId: user.id });
        } catch (error) {
          if (error instanceof ManagementConflict) throw new AppError(MoneyErrors.REFUND_ALREADY_COMPLETED, { cause: error });
          throw error;
        }
        const completed = await deps.refunds.complete(projectId, { name: holderForBank(input.name), account, userId: user.id, completedAt: now() });
        if (!completed) throw new AppError(MoneyErrors.REFUND_ALREADY_COMPLETED);
        await deps.activity.record(user, 'REFUND_COMPLETED', { projectId });
        const filed = await fileDocument(completed, managed);
        const mail = buildRefundSubmitMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, name: displayName(user), projectId, amount: completed.amount, accountHolder: holderForBank(input.name), iban: account.iban, lang: await deps.users.languageOf(user.id) });
        if (await sendRecorded(deps, user, 'REFUND_SUBMIT', user.email, mail, projectId)) await deps.refunds.markEmailSent(completed.id, now());
        return { status: 200, body: view(projectId, managed, filed) };
      });
    },

    /**
     * The installer entered or changed a refund (the management service's event): the project's portal customers get
     * the refund mail once per amount (SUCCESS_/FAILED_REFUND_EMAIL with its MailLog row); a failed send is released,
     * so the service's retry sends it.
     */
    async refundEvent(projectId: number): Promise<'mailed' | 'already' | 'no-refund' | 'no-recipient' | 'failed'> {
      const managed = await deps.management.refund(projectId);
      if (!managed || managed.status !== 'OPEN') return 'no-refund';
      const project = await deps.managementProjects.getProject(projectId);
      const recipients = project ? await deps.users.recipientsOf(project.portalUserIds) : [];
      if (recipients.length === 0) return 'no-recipient';
      const amount = toCents(parseAmount(managed.amount));
      const key = `REFUND:${amount}`;
      if (!(await deps.notices.claim(projectId, key))) return 'already';
      // One mail per customer of the project: each in their language, greeting them by name.
      const mails = recipients.map((r) => ({
        to: r.email,
        mail: buildRefundMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, projectId, amount, dueDate: managed.dueDate, lang: r.lang, firstName: r.firstName }),
      }));
      try {
        for (const { to, mail } of mails) await deps.mailer.send({ to: [to], ...mail });
      } catch (error) {
        deps.warn('refund mail failed', { projectId, error });
        await deps.activity.recordForProject('FAILED_REFUND_EMAIL', { projectId });
        await deps.notices.release(projectId, key);
        return 'failed';
      }
      const activity = await deps.activity.recordForProject('SUCCESS_REFUND_EMAIL', { projectId });
      await deps.notices.attachActivity(projectId, key, activity.id);
      for (const { to, mail } of mails) await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: to, subject: mail.subject, html: mail.html, text: mail.text });
      return 'mailed';
    },

    /** The first download of the refund document sets documentDownloadedAt (the documents capability calls this). */
    async documentDownloaded(document: { uuid: string; externalId: string | null }): Promise<void> {
      if (!document.externalId?.startsWith('refund:')) return;
      await deps.refunds.markDocumentDownloaded(document.uuid, now());
    },

    /** REFUND_POSITIVE_PAYOUT while the bank details are missing, REFUND_NEGATIVE_PAYOUT while the amount is owed. */
    async notifications(_ctx: RequestContext, project: ManagedProject): Promise<Omit<PortalNotification, 'seen'>[]> {
      const managed = await memo(`refund:${project.id}`, () => deps.management.refund(project.id));
      if (!managed || managed.status === 'SETTLED') return [];
      const amount = parseAmount(managed.amount);
      const row = (await deps.refunds.find(project.id)) ?? (await mirror(project.id, managed));
      if (payoutOf(amount) === 'POSITIVE') {
        if (row.completedAt || managed.status !== 'OPEN') return [];
        return [
          {
            id: `REFUND_POSITIVE_PAYOUT:${project.id}:${toCents(amount)}`,
            type: 'REFUND_POSITIVE_PAYOUT',
            projectId: project.id,
            title: message('money.noticeRefundTitle'),
            text: message('money.noticeRefundText', { amount: { amount: toCents(amount) } }),
            href: MONEY_PAGES.refund,
            createdAt: row.createdAt.toISOString(),
          },
        ];
      }
      return [
        {
          id: `REFUND_NEGATIVE_PAYOUT:${project.id}:${toCents(amount)}`,
          type: 'REFUND_NEGATIVE_PAYOUT',
          projectId: project.id,
          title: message('money.noticeAmountDueTitle'),
          text: message('money.noticeAmountDueText', { amount: { amount: toCents(amount), absolute: true } }),
          href: MONEY_PAGES.refund,
          createdAt: row.createdAt.toISOString(),
        },
      ];
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
