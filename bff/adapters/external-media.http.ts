import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { Maps, ReviewPlatform } from '../ports/external-media.ts';
import { fileStreamOf } from './document-service.http.ts';
import { createJsonClient } from './json-client.ts';

/** A static-map service (Google/Mapbox-like `staticmap?center=<address>&width&height`, API key header). */
export function createHttpMaps(endpoint: ServiceEndpoint): Maps {
  const client = createJsonClient(endpoint);
  return {
    async staticMap(address, size) {
      const query = new URLSearchParams({ center: address, width: String(size.width), height: String(size.height) });
      return fileStreamOf(await client.stream(`/staticmap?${query}`));
    },
  };
}

const SummarySchema = z.object({ rating: z.number().min(0).max(5), count: z.number().int().nonnegative(), profileUrl: z.url(), reviewUrl: z.url() });

const InvitationLinkSchema = z.object({ id: z.string().min(1).max(64), url: z.url() });

/** The review platform's public widget API and its private invitation API (API key, like Trustpilot's invitation links). */
export function createHttpReviewPlatform(endpoint: ServiceEndpoint): ReviewPlatform {
  const client = createJsonClient(endpoint);
  return {
    summary: () => client.get('/summary', SummarySchema),
    invitationLink: (invitation) => client.request('/v1/invitation-links', { method: 'POST', json: invitation, schema: InvitationLinkSchema }),
  };
}
