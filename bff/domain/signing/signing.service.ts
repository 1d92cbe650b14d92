import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../../contracts/auth.ts';
import { STEP_PAGES, type JourneyStep } from '../../contracts/journey.ts';
import {
  SIGNING_RETURN_PARAM,
  SigningErrors,
  isEmbeddedSigningType,
  needsRepresentative,
  signedDocumentHref,
  type CompleteResponse,
  type EmbeddedSigningType,
  type EnvelopeView,
  type InitiateResponse,
  type SignedDocument,
  type SigningKind,
} from '../../contracts/signing.ts';
import type { ESignature } from '../../ports/e-signature.ts';
import { ManagementConflict, type ManagedJourney, type ManagedProject, type ManagementJourneys } from '../../ports/management-service.ts';
import { AppError, notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { SigningEnvelopeRepository, StoredEnvelope } from '../repositories/signing-envelopes.ts';
import { buildSigningDocument, documentTitle } from './signing-documents.ts';

/** The step each signing type belongs to (its page is where the provider sends the customer back). */
export const SIGNING_STEP: Record<EmbeddedSigningType, JourneyStep> = {
  NETWORK_OPERATOR_POWER_OF_ATTORNEY: 'POWER_OF_ATTORNEY',
  MARKET_REGISTER_AUTHORIZATION: 'POWER_OF_ATTORNEY_MASTR',
  DC_REPRESENTATIVE_POA: 'DC',
  AC_REPRESENTATIVE_POA: 'AC',
};

/** The document type a signed document is filed under in the document service. */
export const SIGNED_DOCUMENT_TYPE: Record<EmbeddedSigningType, string> = {
  NETWORK_OPERATOR_POWER_OF_ATTORNEY: 'POWER_OF_ATTORNEY_DOCUMENT',
  MARKET_REGISTER_AUTHORIZATION: 'MARKET_REGISTER_AUTHORIZATION',
  DC_REPRESENTATIVE_POA: 'DC_REPRESENTATIVE',
  AC_REPRESENTATIVE_POA: 'AC_REPRESENTATIVE',
};

/**
 * A document another capability has signed through this domain (the money capability's SEPA mandate). The capability
 * builds the PDF and starts the signing (`start`); settling stays here, so only the provider's envelope status counts
 * for it too.
 */
export interface SigningDocumentKind {
  title: string;
  /** The document type the signed PDF is filed under. */
  documentType: string;
  /** The portal page the provider sends the customer back to. */
  returnPath: string;
  /**
   * Runs once the provider confirmed the signature and the signed PDF is filed, before the envelope counts as
   * completed. It must be idempotent: if it or anything after it fails, the next settle runs it again.
   */
  completed(envelope: StoredEnvelope, signed: { sha256: string; completedAt: Date; documentId: string }): Promise<void>;
}

export interface SigningDeps {
  /**
   * The portal changed the project at the installer (a signature recorded): what the portal keeps of it for seconds
   * is asked afresh (docs/architecture.md "The data path of a page").
   */
  projectChanged?: (projectId: number) => void;
  /**
   * Files the signed PDF in the installer's document service (idempotent per envelope), so it is listed with the
   * customer's other documents (docs/files.md); answers the document's id there.
   */
  archive: (document: { projectId: number; type: string; title: string; envelopeId: string; filename: string; pdf: Uint8Array }) => Promise<{ documentId: string }>;
  projects: ProjectAccess;
  journeys: ManagementJourneys;
  eSignature: ESignature;
  envelopes: SigningEnvelopeRepository;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

/**
 * Why the project does not wait for this document now, or null when it does (the same rules as the management
 * service's, so a button is only shown when signing can work).
 */
export function signingRefusal(journey: ManagedJourney, type: EmbeddedSigningType, now: Date): string | null {
  const step = SIGNING_STEP[type];
  const state = journey.steps.find((s) => s.step === step);
  if (!needsRepresentative(type)) return state?.status === 'ACTIVE' ? null : 'step not active';
  if (!state || state.status === 'DONE' || state.status === 'SKIPPED') return 'installation already done';
  const appointment = journey.appointments.find((a) => a.kind === step && (a.status === 'PLANNED' || a.status === 'CONFIRMED'));
  if (!appointment || Date.parse(appointment.end) < now.getTime()) return 'no appointment to come';
  return null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** DocuSign Connect's HMAC: base64 of HMAC-SHA256 over the raw body, compared in constant time. */
export function isValidWebhookSignature(secret: string, rawBody: Buffer | undefined, header: string | undefined): boolean {
  if (!rawBody || !header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(header, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Embedded signing of the powers of attorney (the five `embedded-signing` calls; docs/journey.md "Embedded signing").
 * The provider's envelope status is the only proof of a signature: the return URL's `event` and even the webhook only
 * make the portal ask the provider. Only then the signed PDF is stored, the management service told (which advances the
 * step), and the envelope marked completed — once, however often complete is called.
 */
export function createSigningService(deps: SigningDeps) {
  const now = deps.now ?? (() => new Date());
  const kinds = new Map<SigningKind, SigningDocumentKind>();

  function view(envelope: StoredEnvelope): EnvelopeView {
    return {
      envelopeId: envelope.envelopeId,
      projectId: envelope.projectId,
      type: envelope.type,
      status: envelope.status,
      representative: envelope.representative,
      createdAt: envelope.createdAt.toISOString(),
      completedAt: envelope.completedAt?.toISOString() ?? null,
      documentHref: envelope.status === 'COMPLETED' ? signedDocumentHref(envelope.projectId, envelope.envelopeId) : null,
    };
  }

  /** The customer's envelope of this project (and type, if given), or NOT_FOUND exactly like an unknown id. */
  async function ownedEnvelope(user: SessionUser, projectId: number, envelopeId: string, type?: EmbeddedSigningType) {
    await deps.projects.ownedProject(user.id, projectId);
    const envelope = await deps.envelopes.find(envelopeId);
    if (!envelope || envelope.projectId !== projectId || (type && envelope.type !== type)) throw notFound('Diesen Unterschriftsvorgang haben wir nicht gefunden.');
    return envelope;
  }

  async function journeyOf(projectId: number): Promise<ManagedJourney> {
    const journey = await deps.journeys.journey(projectId);
    if (!journey) throw notFound();
    return journey;
  }

  /**
   * Asks the provider and, if the envelope is completed there, stores the signed document and tells the management
   * service. Declined and voided envelopes are marked so; anything else changes nothing.
   */
  async function settle(envelope: StoredEnvelope): Promise<StoredEnvelope> {
    if (envelope.status !== 'OPEN') return envelope;
    const provider = await deps.eSignature.status(envelope.envelopeId);
    if (!provider) return envelope;
    if (provider.status === 'declined' || provider.status === 'voided') {
      await deps.envelopes.setStatus(envelope.envelopeId, provider.status === 'declined' ? 'DECLINED' : 'VOIDED');
      return { ...envelope, status: provider.status === 'declined' ? 'DECLINED' : 'VOIDED' };
    }
    if (provider.status !== 'completed') return envelope;
    const pdf = await deps.eSignature.document(envelope.envelopeId);
    const digest = sha256(pdf);
    const completedAt = provider.completedAt ? new Date(provider.completedAt) : now();
    const kind = kinds.get(envelope.type);
    if (kind || !isEmbeddedSigningType(envelope.type)) {
      if (!kind) throw new Error(`signing kind ${envelope.type} is not registered`);
      const { documentId } = await deps.archive({ projectId: envelope.projectId, type: kind.documentType, title: kind.title, envelopeId: envelope.envelopeId, filename: `${kind.title} – Projekt ${envelope.projectId}.pdf`, pdf });
      await kind.completed(envelope, { sha256: digest, completedAt, documentId });
      await deps.envelopes.complete(envelope.envelopeId, { pdf, sha256: digest, completedAt });
      return { ...envelope, status: 'COMPLETED', documentSha256: digest, completedAt };
    }
    const type = envelope.type;
    try {
      // First the installer (idempotent per envelope), then the local row: if the management service is down, the
      // envelope stays open here and the next complete, page visit or webhook retry finishes the job.
      await deps.journeys.recordSignature(envelope.projectId, {
        type,
        envelopeId: envelope.envelopeId,
        documentSha256: digest,
        representative: envelope.representative,
        userId: envelope.userId,
      });
    } catch (error) {
      if (!(error instanceof ManagementConflict)) throw error;
      // The installer's step moved on meanwhile (e.g. signed on paper): the signed document is kept all the same.
      deps.warn('management refused a signature; stored in the portal only', { envelopeId: envelope.envelopeId, reason: error.message });
    }
    // Filed before the envelope counts as completed: if the document service is down, the next settle files it.
    await deps.archive({
      projectId: envelope.projectId,
      type: SIGNED_DOCUMENT_TYPE[type],
      title: documentTitle(type),
      envelopeId: envelope.envelopeId,
      filename: `${documentTitle(type)} – Projekt ${envelope.projectId}.pdf`,
      pdf,
    });
    await deps.envelopes.complete(envelope.envelopeId, { pdf, sha256: digest, completedAt });
    deps.projectChanged?.(envelope.projectId);
    return { ...envelope, status: 'COMPLETED', documentSha256: digest, completedAt };
  }

  const returnPathOf = (type: SigningKind) => {
    if (isEmbeddedSigningType(type)) return STEP_PAGES[SIGNING_STEP[type]];
    const kind = kinds.get(type);
    if (!kind) throw new Error(`signing kind ${type} is not registered`);
    return kind.returnPath;
  };
  const titleOf = (type: SigningKind) => (isEmbeddedSigningType(type) ? documentTitle(type) : (kinds.get(type)?.title ?? type));

  async function signingUrl(user: SessionUser, envelope: StoredEnvelope): Promise<InitiateResponse> {
    const returnUrl = new URL(returnPathOf(envelope.type), deps.publicUrl);
    returnUrl.searchParams.set(SIGNING_RETURN_PARAM, envelope.envelopeId);
    returnUrl.searchParams.set('project', String(envelope.projectId));
    const url = await deps.eSignature.signingUrl(envelope.envelopeId, { returnUrl: returnUrl.href, signer: signerOf(user) });
    return { envelopeId: envelope.envelopeId, url };
  }

  const signerOf = (user: SessionUser) => ({
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    email: user.email,
    clientUserId: user.id,
  });

  async function createEnvelope(user: SessionUser, project: ManagedProject, journey: ManagedJourney, type: EmbeddedSigningType, representative: string | null) {
    const step = SIGNING_STEP[type];
    const appointment = journey.appointments.find((a) => a.kind === step && (a.status === 'PLANNED' || a.status === 'CONFIRMED')) ?? null;
    const signer = signerOf(user);
    const pdf = await buildSigningDocument({
      type,
      installerName: deps.installerName,
      customer: { name: signer.name, email: signer.email },
      project: { id: project.id, ...project.address },
      gridOperatorName: journey.gridOperator.name,
      representative,
      appointment,
      createdAt: now(),
    });
    const title = documentTitle(type);
    const created = await deps.eSignature.createEnvelope({
      document: { name: `${title} – Projekt ${project.id}.pdf`, pdf },
      subject: `${title} – Projekt ${project.id}`,
      signer,
      webhookUrl: new URL('/api/esign/webhook', deps.publicUrl).href,
    });
    return deps.envelopes.create({ envelopeId: created.envelopeId, projectId: project.id, type, userId: user.id, representative });
  }

  return {
    /** `GET …/embedded-signing/envelope?type=`: the newest envelope of the type, settled with the provider; null if none. */
    async envelope(user: SessionUser, projectId: number, type: EmbeddedSigningType): Promise<EnvelopeView | null> {
      await deps.projects.ownedProject(user.id, projectId);
      const latest = await deps.envelopes.latest(projectId, type);
      return latest ? view(await settle(latest)) : null;
    },

    /**
     * `POST …/embedded-signing/initiate?documentType=`: an envelope for the document and a signing URL. An open envelope
     * of the customer is resumed with a fresh URL (after a cancel or an expired link); a finished one is never reused.
     */
    async initiate(user: SessionUser, projectId: number, type: EmbeddedSigningType, input: { representative?: string | undefined }): Promise<InitiateResponse> {
      const project = await deps.projects.ownedProject(user.id, projectId);
      const representative = needsRepresentative(type) ? (input.representative ?? '').trim() : '';
      if (needsRepresentative(type) && representative.length < 2) throw new AppError(SigningErrors.REPRESENTATIVE_REQUIRED);
      const latest = await deps.envelopes.latest(projectId, type);
      const settled = latest && (await settle(latest));
      if (settled?.status === 'COMPLETED') throw new AppError(SigningErrors.ALREADY_SIGNED);
      const journey = await journeyOf(projectId);
      if (signingRefusal(journey, type, now())) throw new AppError(SigningErrors.NOT_EXPECTED);
      if (settled?.status === 'OPEN') {
        const sameSigner = settled.userId === user.id && (settled.representative ?? '') === representative;
        if (sameSigner) return signingUrl(user, settled);
        // Someone else's (or another representative's) open envelope: voided, so only one can ever complete.
        await deps.eSignature.void(settled.envelopeId, 'Ersetzt durch einen neuen Unterschriftsvorgang');
        await deps.envelopes.setStatus(settled.envelopeId, 'VOIDED');
      }
      const created = await createEnvelope(user, project, journey, type, representative || null);
      return signingUrl(user, created);
    },

    /**
     * `POST …/embedded-signing/complete?documentType=&envelopeId=`: checks the provider's status and finishes a
     * completed signing; calling it again, or before the signature, changes nothing.
     */
    async complete(user: SessionUser, projectId: number, type: EmbeddedSigningType, envelopeId: string): Promise<CompleteResponse> {
      const envelope = await ownedEnvelope(user, projectId, envelopeId, type);
      return { envelope: view(await settle(envelope)) };
    },

    /** `PUT …/embedded-signing/{envelopeId}`: a fresh signing URL for an open envelope (the old one is single use). */
    async refresh(user: SessionUser, projectId: number, envelopeId: string): Promise<InitiateResponse> {
      const envelope = await settle(await ownedEnvelope(user, projectId, envelopeId));
      if (envelope.status !== 'OPEN' || envelope.userId !== user.id) throw new AppError(SigningErrors.NOT_OPEN);
      return signingUrl(user, envelope);
    },

    /** `DELETE …/embedded-signing/{envelopeId}`: voids an open envelope at the provider. */
    async void(user: SessionUser, projectId: number, envelopeId: string): Promise<EnvelopeView> {
      const envelope = await settle(await ownedEnvelope(user, projectId, envelopeId));
      if (envelope.status !== 'OPEN') throw new AppError(SigningErrors.NOT_OPEN);
      await deps.eSignature.void(envelopeId, 'Vom Kunden im Portal abgebrochen');
      await deps.envelopes.setStatus(envelopeId, 'VOIDED');
      return view({ ...envelope, status: 'VOIDED' });
    },

    /** The signed PDF of a completed envelope of the customer's project. */
    async document(user: SessionUser, projectId: number, envelopeId: string): Promise<{ pdf: Uint8Array; filename: string }> {
      const envelope = await ownedEnvelope(user, projectId, envelopeId);
      const pdf = envelope.status === 'COMPLETED' ? await deps.envelopes.document(envelopeId) : null;
      if (!pdf) throw notFound('Dieses Dokument haben wir nicht gefunden.');
      return { pdf, filename: `${titleOf(envelope.type)} – Projekt ${projectId}.pdf` };
    },

    /** The journey's documents signed in the portal for a project (powers of attorney), newest first. */
    async signedDocuments(projectId: number): Promise<SignedDocument[]> {
      return (await deps.envelopes.completedOf(projectId)).flatMap((e) => (isEmbeddedSigningType(e.type) ? [{ ...e, type: e.type }] : [])).map((e) => ({
        envelopeId: e.envelopeId,
        type: e.type,
        signedAt: (e.completedAt ?? e.createdAt).toISOString(),
        href: signedDocumentHref(e.projectId, e.envelopeId),
      }));
    },

    /** A capability's own document kind (the SEPA mandate), registered once at composition. */
    registerKind(type: Exclude<SigningKind, EmbeddedSigningType>, kind: SigningDocumentKind): void {
      kinds.set(type, kind);
    },

    /**
     * Starts the signing of a document a capability built (a registered kind): an envelope with the customer as the
     * embedded signer, its row, and the single-use signing URL.
     */
    async start(user: SessionUser, projectId: number, type: Exclude<SigningKind, EmbeddedSigningType>, document: { pdf: Uint8Array; subject: string }): Promise<InitiateResponse> {
      const kind = kinds.get(type);
      if (!kind) throw new Error(`signing kind ${type} is not registered`);
      const signer = signerOf(user);
      const created = await deps.eSignature.createEnvelope({
        document: { name: `${kind.title} – Projekt ${projectId}.pdf`, pdf: document.pdf },
        subject: document.subject,
        signer,
        webhookUrl: new URL('/api/esign/webhook', deps.publicUrl).href,
      });
      const row = await deps.envelopes.create({ envelopeId: created.envelopeId, projectId, type, userId: user.id, representative: null });
      return signingUrl(user, row);
    },

    /** A fresh signing URL for the customer's open envelope of a registered kind; null when it is no longer open. */
    async resume(user: SessionUser, envelopeId: string): Promise<InitiateResponse | null> {
      const envelope = await deps.envelopes.find(envelopeId);
      if (!envelope || envelope.userId !== user.id) return null;
      const settled = await settle(envelope);
      return settled.status === 'OPEN' ? signingUrl(user, settled) : null;
    },

    /** Settles an envelope (the provider's status) and answers its status; null for an unknown one. */
    /**
     * The envelope's status as the provider sees it now, without settling anything (for a page: a GET writes nothing;
     * the webhook, the return address and the next POST settle).
     */
    async peekStatus(envelopeId: string): Promise<EnvelopeView['status'] | null> {
      const envelope = await deps.envelopes.find(envelopeId);
      if (!envelope || envelope.status !== 'OPEN') return envelope?.status ?? null;
      const provider = await deps.eSignature.status(envelopeId);
      if (provider?.status === 'declined') return 'DECLINED';
      if (provider?.status === 'voided') return 'VOIDED';
      return envelope.status;
    },

    async statusOf(envelopeId: string): Promise<EnvelopeView['status'] | null> {
      const envelope = await deps.envelopes.find(envelopeId);
      return envelope ? (await settle(envelope)).status : null;
    },

    /** Voids an open envelope that was replaced (a new mandate), so only one can ever complete. */
    async cancel(envelopeId: string, reason: string): Promise<void> {
      const envelope = await deps.envelopes.find(envelopeId);
      if (!envelope) return;
      const settled = await settle(envelope);
      if (settled.status !== 'OPEN') return;
      await deps.eSignature.void(envelopeId, reason);
      await deps.envelopes.setStatus(envelopeId, 'VOIDED');
    },

    /** The provider's Connect webhook: HMAC checked by the route; it only makes the portal ask the provider. */
    async webhook(envelopeId: string): Promise<'settled' | 'unknown'> {
      const envelope = await deps.envelopes.find(envelopeId);
      if (!envelope) return 'unknown';
      await settle(envelope);
      return 'settled';
    },

    /** The step page after the provider sent the customer back: settles the envelope if it is theirs. */
    async returned(user: SessionUser, projectId: number, envelopeId: string): Promise<EnvelopeView | null> {
      try {
        return view(await settle(await ownedEnvelope(user, projectId, envelopeId)));
      } catch (error) {
        if ((error as { code?: string }).code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  };
}

export type SigningService = ReturnType<typeof createSigningService>;
