/** The provider's envelope states (DocuSign's names). */
export type ProviderEnvelopeStatus = 'created' | 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';

export interface EnvelopeRequest {
  /** The PDF to sign. */
  document: { name: string; pdf: Uint8Array };
  subject: string;
  /** The embedded signer: the portal's user id as `clientUserId`, so only the portal can open the signing page. */
  signer: { name: string; email: string; clientUserId: string };
  /** Where the provider posts completion (signed with the shared HMAC key). */
  webhookUrl: string;
}

/**
 * The e-signature provider (DocuSign-like embedded signing). Adapter: adapters/e-signature.http.ts. Every method rejects
 * with UpstreamUnavailable when the provider fails or does not answer in time.
 */
export interface ESignature {
  createEnvelope(request: EnvelopeRequest): Promise<{ envelopeId: string; status: ProviderEnvelopeStatus }>;
  /** A single-use signing URL (valid five minutes) that returns to `returnUrl` with `?event=`. */
  signingUrl(envelopeId: string, view: { returnUrl: string; signer: EnvelopeRequest['signer'] }): Promise<string>;
  /** The envelope's status at the provider; null for an unknown envelope. */
  status(envelopeId: string): Promise<{ status: ProviderEnvelopeStatus; completedAt: string | null } | null>;
  /** Voids a sent or delivered envelope. */
  void(envelopeId: string, reason: string): Promise<void>;
  /** The (signed, once completed) document as PDF bytes. */
  document(envelopeId: string): Promise<Uint8Array>;
}
