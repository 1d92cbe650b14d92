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

/** The review platform's public widget API. */
export function createHttpReviewPlatform(endpoint: ServiceEndpoint): ReviewPlatform {
  const client = createJsonClient(endpoint);
  return { summary: () => client.get('/summary', SummarySchema) };
}
