import type { SessionUser } from '../../contracts/auth.ts';
import { documentHref } from '../../contracts/documents.ts';
import { message } from '../../contracts/message-text.ts';
import { MONEY_PAGES, MoneyErrors, electronicIban, holderForBank, type SepaMandateCreated, type SepaMandateRequest, type SepaMandateView, type SepaPageView, type SepaRequirement } from '../../contracts/money.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { ManagementConflict, type ManagedDirectDebit, type ManagedProject } from '../../ports/management-service.ts';
import { AppError } from '../errors.ts';
import { requestHash } from '../idempotency/idempotency.ts';
import type { RequestContext } from '../request-context.ts';
import type { StoredSepaMandate } from '../repositories/money.ts';
import type { StoredEnvelope } from '../repositories/signing-envelopes.ts';
import { parseAmount, toCents } from './amounts.ts';
import { buildSepaMandateDocument } from './money-documents.ts';
import { accountView, createTtlMemo, currentProject, type MoneyDeps } from './money-deps.ts';
import { newMandateReference } from './sepa-identifiers.ts';

export const SEPA_TITLE = 'SEPA-Lastschriftmandat';
const MAX_REFERENCE_DRAWS = 5;

const requirementOf = (debit: ManagedDirectDebit | null): SepaRequirement | null =>
  debit?.required ? { purpose: debit.purpose, amount: debit.amount === null ? null : toCents(parseAmount(debit.amount)), interval: debit.interval, firstCollectionOn: debit.firstCollectionOn } : null;

/**
 * The SEPA direct-debit mandate (EPC SDD Core; docs/money.md): the management service says a project needs
 * one (a maintenance contract, instalments); the customer fills in the debtor's data and IBAN, the portal makes the
 * mandate PDF with every mandatory element and a unique reference, and the customer signs it at the e-signature
 * provider. Only the provider's envelope status counts: settling (return URL, webhook, page view) registers the
 * mandate in the master-data service (its id is SepaMandate.mdsId), tells the installer, activates it (at most one
 * active per project) and completes the project's SEPA CTA.
 */
export function createSepaMandates(deps: MoneyDeps) {
  const now = deps.now ?? (() => new Date());
  const memo = createTtlMemo();

  function view(mandate: StoredSepaMandate): SepaMandateView {
    return {
      mandateReference: mandate.mandateReference,
      creditorId: mandate.creditorId,
      creditorName: deps.creditor.name,
      status: mandate.status,
      debtor: { firstName: mandate.firstName, lastName: mandate.lastName, street: mandate.street, houseNumber: mandate.houseNumber, zip: mandate.zip, locality: mandate.locality },
      account: accountView(`${mandate.firstName} ${mandate.lastName}`, mandate.account),
      signedAt: mandate.signedAt?.toISOString() ?? null,
      signedPlace: mandate.signedPlace,
      documentHref: mandate.documentId ? documentHref(`ds-${mandate.documentId}`) : null,
    };
  }

  /** The signed mandate: registered, told to the installer, activated; every step may run again (next settle). */
  async function completed(envelope: StoredEnvelope, signed: { sha256: string; completedAt: Date; documentId: string }) {
    const mandate = await deps.mandates.byEnvelope(envelope.envelopeId);
    if (!mandate || mandate.status === 'CANCELLED') {
      deps.warn('a signed SEPA envelope without a current mandate', { envelopeId: envelope.envelopeId });
      return;
    }
    const registered = await deps.masterData.registerSepaMandate({
      mandateReference: mandate.mandateReference,
      creditorId: mandate.creditorId,
      projectId: mandate.projectId,
      debtorName: `${mandate.firstName} ${mandate.lastName}`,
      iban: mandate.account.iban,
      bic: mandate.account.bic,
      sequenceType: mandate.sequenceType,
      signedAt: signed.completedAt.toISOString(),
      signedPlace: mandate.signedPlace,
    });
    try {
      await deps.management.recordMandate(mandate.projectId, {
        mandateReference: mandate.mandateReference,
        creditorId: mandate.creditorId,
        masterDataId: registered.id,
        signedAt: signed.completedAt.toISOString(),
        documentSha256: signed.sha256,
        portalUserId: mandate.userId,
      });
    } catch (error) {
      if (!(error instanceof ManagementConflict)) throw error;
      deps.warn('management refused the SEPA mandate; kept in the portal', { mandateId: mandate.id, reason: error.message });
    }
    if (!(await deps.mandates.activate(mandate.id, { mdsId: registered.id, documentId: signed.documentId, signedAt: signed.completedAt }))) {
      deps.warn('another SEPA mandate of the project is active; this one stays pending', { mandateId: mandate.id });
      return;
    }
    await deps.ctas.complete(mandate.projectId, 'SEPA', signed.completedAt);
  }

  deps.signing.registerKind('SEPA_MANDATE', { title: SEPA_TITLE, documentType: 'SEPA_MANDATE', returnPath: MONEY_PAGES.sepaMandate, completed });

  /**
   * A mandate waiting for the signature is settled with the provider (a webhook that never came). An envelope the
   * provider voided, let expire or saw declined can never be signed: its mandate is cancelled, so the page offers the
   * form again instead of a "sign now" that cannot work (docs/money.md).
   */
  async function settled(mandate: StoredSepaMandate | null, projectId: number): Promise<StoredSepaMandate | null> {
    if (mandate?.status !== 'PENDING_SIGNATURE' || !mandate.envelopeId) return mandate;
    const status = await deps.signing.statusOf(mandate.envelopeId);
    if (status === 'VOIDED' || status === 'DECLINED') {
      deps.warn('SEPA mandate cancelled: its envelope can no longer be signed', { mandateId: mandate.id, envelope: status });
      await deps.mandates.cancel(mandate.id);
    }
    return deps.mandates.current(projectId);
  }

  /**
   * For the page (a GET writes nothing): a mandate whose envelope can no longer be signed shows as cancelled, so the
   * page offers the form again; the next POST (a new mandate, "Jetzt unterschreiben") cancels it in the database.
   */
  async function endedAsCancelled(mandate: StoredSepaMandate | null): Promise<StoredSepaMandate | null> {
    if (mandate?.status !== 'PENDING_SIGNATURE' || !mandate.envelopeId) return mandate;
    const status = await deps.signing.peekStatus(mandate.envelopeId);
    return status === 'VOIDED' || status === 'DECLINED' ? null : mandate;
  }

  async function create(user: SessionUser, input: SepaMandateRequest): Promise<SepaMandateCreated> {
    const requirement = requirementOf(await deps.management.directDebit(input.projectId));
    if (!requirement) throw new AppError(MoneyErrors.SEPA_NOT_NEEDED);
    const account = await deps.bankCheck.forSubmission(input.iban, { bic: input.bic, bankName: input.bankName });
    // A mandate not yet signed is replaced: its envelope is voided first, so only one can ever complete.
    for (const pending of await deps.mandates.pending(input.projectId)) {
      if (pending.envelopeId) await deps.signing.cancel(pending.envelopeId, 'Ersetzt durch ein neues Mandat');
      await deps.mandates.cancel(pending.id);
    }
    if (await deps.mandates.active(input.projectId)) throw new AppError(MoneyErrors.SEPA_ALREADY_ACTIVE);
    let mandate: StoredSepaMandate | null = null;
    for (let draw = 0; !mandate && draw < MAX_REFERENCE_DRAWS; draw += 1) {
      mandate = await deps.mandates.create({
        projectId: input.projectId,
        userId: user.id,
        creditorId: deps.creditor.creditorId,
        mandateReference: newMandateReference(input.projectId, now()),
        sequenceType: requirement.interval === 'ONCE' ? 'OOFF' : 'RCUR',
        // The bank gets the names in SEPA's character set (confirmed by the customer); the signed PDF shows them as typed.
        firstName: holderForBank(input.firstName),
        lastName: holderForBank(input.lastName),
        street: input.street,
        houseNumber: input.houseNumber,
        zip: input.zip,
        locality: input.locality,
        account,
        signedPlace: input.place,
      });
    }
    if (!mandate) throw new Error('no free mandate reference after several draws');
    await deps.ctas.open(input.projectId, 'SEPA');
    const pdf = await buildSepaMandateDocument({
      creditor: deps.creditor,
      mandateReference: mandate.mandateReference,
      sequenceType: mandate.sequenceType,
      debtor: { name: `${input.firstName} ${input.lastName}`, street: input.street, houseNumber: input.houseNumber, zip: input.zip, locality: input.locality },
      iban: account.iban,
      bic: account.bic,
      bankName: account.bank,
      purpose: requirement.purpose,
      projectId: input.projectId,
      place: input.place,
      createdAt: now(),
    });
    const started = await deps.signing.start(user, input.projectId, 'SEPA_MANDATE', { pdf, subject: `${SEPA_TITLE} – Projekt ${input.projectId}` });
    await deps.mandates.setEnvelope(mandate.id, started.envelopeId);
    return { mandateReference: mandate.mandateReference, envelopeId: started.envelopeId, url: started.url };
  }

  return {
    /**
     * `POST /sepa-mandate`: a new mandate for the project and the provider's signing URL; once per Idempotency-Key (a
     * repeated key answers the same envelope with a fresh URL, since a signing URL works once).
     */
    async create(user: SessionUser, input: SepaMandateRequest, key: string | undefined) {
      await deps.projects.ownedProject(user.id, input.projectId);
      if (await deps.mandates.active(input.projectId)) throw new AppError(MoneyErrors.SEPA_ALREADY_ACTIVE);
      const { idempotencyKey: _k, consent: _c, ...fields } = input;
      const hash = requestHash(['sepa', ...Object.entries({ ...fields, iban: electronicIban(input.iban) }).map(([k, v]) => `${k}=${String(v ?? '')}`)]);
      const result = await deps.idempotent({ userId: user.id, key, scope: 'sepa.create', hash }, async () => ({ status: 201, body: await create(user, input) }));
      if (!result.replayed) return result;
      const fresh = await deps.signing.resume(user, result.body.envelopeId);
      return fresh ? { ...result, body: { ...result.body, url: fresh.url } } : result;
    },

    /**
     * The customer's mandate waiting for the signature: a fresh signing URL (after "Später unterschreiben"). When its
     * envelope was voided, expired or declined the mandate is cancelled and the answer says so (SEPA.SIGNING_ENDED:
     * fill in the form again), unless the project needs no mandate any more (SEPA.NOT_NEEDED).
     */
    async resume(user: SessionUser, projectId: number): Promise<SepaMandateCreated> {
      await deps.projects.ownedProject(user.id, projectId);
      const mandate = await settled(await deps.mandates.current(projectId), projectId);
      if (mandate?.status === 'ACTIVE') throw new AppError(MoneyErrors.SEPA_ALREADY_ACTIVE);
      const fresh = mandate?.status === 'PENDING_SIGNATURE' && mandate.envelopeId && mandate.userId === user.id ? await deps.signing.resume(user, mandate.envelopeId) : null;
      if (mandate && fresh) return { mandateReference: mandate.mandateReference, envelopeId: fresh.envelopeId, url: fresh.url };
      const requirement = requirementOf(await deps.management.directDebit(projectId));
      throw new AppError(requirement ? MoneyErrors.SEPA_SIGNING_ENDED : MoneyErrors.SEPA_NOT_NEEDED);
    },

    /** The page: requirement, creditor, the current mandate (settled with the provider), the form's prefill. */
    async page(ctx: RequestContext, returned?: { envelopeId: string; projectId: number }): Promise<Omit<SepaPageView, 'idempotencyKey'> | null> {
      const project = await currentProject(deps, ctx);
      if (!project || !ctx.user) return null;
      const back = returned ? await deps.signing.returned(ctx.user, returned.projectId, returned.envelopeId) : null;
      const requirement = requirementOf(await deps.management.directDebit(project.id));
      const mandate = await endedAsCancelled(await deps.mandates.current(project.id));
      return {
        projectId: project.id,
        requirement,
        creditor: deps.creditor,
        mandate: mandate ? view(mandate) : null,
        prefill: { firstName: ctx.user.firstName, lastName: ctx.user.lastName, street: project.address.street, houseNumber: project.address.houseNumber, zip: project.address.zip, locality: project.address.city },
        returned: back?.status ?? null,
      };
    },

    /** SEPA_MANDATE while the project needs a mandate and has no active one (its CTA is open). */
    async notifications(_ctx: RequestContext, project: ManagedProject): Promise<Omit<PortalNotification, 'seen'>[]> {
      const requirement = requirementOf(await memo(`debit:${project.id}`, () => deps.management.directDebit(project.id)));
      const active = await deps.mandates.active(project.id);
      if (!requirement || active) return [];
      // The CTA opens with the first mandate the customer fills in; until then the notice is as new as the answer.
      const since = await deps.ctas.openSince(project.id, 'SEPA');
      return [
        {
          id: `SEPA_MANDATE:${project.id}`,
          type: 'SEPA_MANDATE',
          projectId: project.id,
          title: message('money.noticeSepaMandateTitle'),
          text: message('money.noticeSepaMandateText', { purpose: requirement.purpose }),
          href: MONEY_PAGES.sepaMandate,
          createdAt: (since ?? now()).toISOString(),
        },
      ];
    },
  };
}

export type SepaMandates = ReturnType<typeof createSepaMandates>;
