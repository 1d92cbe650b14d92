import type { FileStream } from './document-service.ts';

/** Static map images (adapter: adapters/external-media.http.ts); external media, only with that consent. */
export interface Maps {
  /** A PNG of the address, streamed. */
  staticMap(address: string, size: { width: number; height: number }): Promise<FileStream | null>;
}

/**
 * The review platform: the installer's public rating (widget) and personal review invitations (docs/surveys.md).
 * Adapter: adapters/external-media.http.ts; rejects with UPSTREAM.UNAVAILABLE when the platform fails.
 */
export interface ReviewPlatform {
  summary(): Promise<{ rating: number; count: number; profileUrl: string; reviewUrl: string }>;
  /**
   * A personal invitation link: a review given through it is reported back with `referenceId` (the portal's project
   * id). The same reference gets the same link. Only the reference and the language go to the platform.
   */
  invitationLink(invitation: { referenceId: string; locale: 'de-DE' | 'en-GB' }): Promise<{ id: string; url: string }>;
}
