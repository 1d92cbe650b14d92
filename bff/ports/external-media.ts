import type { FileStream } from './document-service.ts';

/** Static map images (adapter: adapters/external-media.http.ts); external media, only with that consent. */
export interface Maps {
  /** A PNG of the address, streamed. */
  staticMap(address: string, size: { width: number; height: number }): Promise<FileStream | null>;
}

/** The review platform's public rating of the installer. */
export interface ReviewPlatform {
  summary(): Promise<{ rating: number; count: number; profileUrl: string; reviewUrl: string }>;
}
