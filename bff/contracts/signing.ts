import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';

/**
 * Embedded signing (docs/journey.md "Embedded signing"): the customer signs powers of attorney at the e-signature
 * provider without leaving the portal's flow. SigningEnvelopes keeps envelopeId, projectId and type per envelope.
 */
export const EmbeddedSigningTypeSchema = z.enum([
  'MARKET_REGISTER_AUTHORIZATION',
  'NETWORK_OPERATOR_POWER_OF_ATTORNEY',
  'AC_REPRESENTATIVE_POA',
  'DC_REPRESENTATIVE_POA',
]);
export type EmbeddedSigningType = z.infer<typeof EmbeddedSigningTypeSchema>;

/**
 * Everything the portal has signed at the provider: the journey's powers of attorney (EmbeddedSigningType,
 * the `?documentType=` of the embedded-signing calls) and the SEPA direct-debit mandate (docs/money.md), which its own
 * capability starts (`POST /sepa-mandate`) and the signing domain settles like the others.
 */
export type SigningKind = EmbeddedSigningType | 'SEPA_MANDATE';
export const isEmbeddedSigningType = (kind: SigningKind): kind is EmbeddedSigningType => kind !== 'SEPA_MANDATE';

/** Representative powers of attorney name the person who receives the team; the others need no extra input. */
export const needsRepresentative = (type: EmbeddedSigningType) => type === 'AC_REPRESENTATIVE_POA' || type === 'DC_REPRESENTATIVE_POA';

/** An envelope as the portal shows it. `OPEN`: created or opened, not finished; resumable with a fresh signing URL. */
export type EnvelopeStatus = 'OPEN' | 'COMPLETED' | 'DECLINED' | 'VOIDED';
export interface EnvelopeView {
  envelopeId: string;
  projectId: number;
  type: SigningKind;
  status: EnvelopeStatus;
  representative: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The signed PDF, once completed. */
  documentHref: string | null;
}

export interface SignedDocument {
  envelopeId: string;
  type: EmbeddedSigningType;
  signedAt: string;
  href: string;
}

/** `?documentType=` of initiate and complete, `?type=` of the envelope query. */
export const SigningTypeQuerySchema = z.object({ documentType: EmbeddedSigningTypeSchema });
export const EnvelopeQuerySchema = z.object({ type: EmbeddedSigningTypeSchema });
export const CompleteQuerySchema = z.object({ documentType: EmbeddedSigningTypeSchema, envelopeId: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * A person's name as a power of attorney prints it: letters of every script, marks, digits, spaces and `.,'’-`. Anything
 * else is refused, never dropped silently (docs/security.md "Free text").
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}\p{N}\p{Zs}.,'’-]*$/u;

/** Body of initiate (JSON or the step page's plain form): the representative's name for AC/DC representative POAs. */
export const InitiateBodySchema = z.object({
  representative: z.optional(
    z.pipe(
      z.string(),
      z.pipe(
        z.transform((value: string) => value.replace(/\s+/g, ' ').trim()),
        z.string().check(z.maxLength(120), z.regex(PERSON_NAME_PATTERN, 'invalidCharacters')),
      ),
    ),
  ),
});

export interface InitiateResponse {
  envelopeId: string;
  /** The provider's signing page: single use, valid for five minutes. Never mailed, never stored. */
  url: string;
}

export interface CompleteResponse {
  /** COMPLETED once the provider confirmed the signature; anything else changed nothing. */
  envelope: EnvelopeView;
}

/** Where the provider sends the browser back; it adds `event` (signing_complete, cancel, decline, ttl_expired, ...). */
export const SIGNING_RETURN_PARAM = 'signing';
export const SIGNING_EVENTS = ['signing_complete', 'cancel', 'decline', 'ttl_expired', 'session_timeout', 'viewing_complete', 'exception'] as const;
export type SigningEvent = (typeof SIGNING_EVENTS)[number];

export const SIGNING_PATHS = {
  /** Internal base. */
  envelope: 'project/:projectId/embedded-signing/envelope',
  initiate: 'project/:projectId/embedded-signing/initiate',
  complete: 'project/:projectId/embedded-signing/complete',
  /** PUT: a fresh signing URL; DELETE: void. */
  byId: 'project/:projectId/embedded-signing/:envelopeId',
  /** The signed PDF. */
  document: 'project/:projectId/embedded-signing/:envelopeId/document',
  /** Machine caller: the provider's completion webhook (HMAC), mounted before the CSRF check. */
  webhook: '/api/esign/webhook',
} as const;

export const signedDocumentHref = (projectId: number, envelopeId: string) =>
  `/api/v1/internal/project/${projectId}/embedded-signing/${encodeURIComponent(envelopeId)}/document`;

export const SigningErrors = defineErrors({
  /** The project does not wait for this document now (e.g. the step is done, or the appointment is over). */
  NOT_EXPECTED: { code: 'SIGNING.NOT_EXPECTED', status: 409, message: 'Dieses Dokument ist gerade nicht zu unterschreiben.' },
  ALREADY_SIGNED: { code: 'SIGNING.ALREADY_SIGNED', status: 409, message: 'Du hast dieses Dokument schon unterschrieben.' },
  /** The envelope is finished (signed, declined or voided): no new signing URL for it. */
  NOT_OPEN: { code: 'SIGNING.NOT_OPEN', status: 409, message: 'Dieser Unterschriftsvorgang ist schon beendet.' },
  REPRESENTATIVE_REQUIRED: {
    code: 'SIGNING.REPRESENTATIVE_REQUIRED',
    status: 400,
    message: 'Bitte gib an, wer Dich beim Termin vertritt.',
  },
  WEBHOOK_UNAUTHORIZED: { code: 'SIGNING.WEBHOOK_UNAUTHORIZED', status: 401, message: 'Nicht berechtigt.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    signing: typeof SigningErrors;
  }
}
