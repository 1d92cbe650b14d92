import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { MarketData } from '../ports/market-data.ts';
import { createJsonClient } from './json-client.ts';

const Prices = z.looseObject({ unix_seconds: z.array(z.number().int()), price: z.array(z.number().nullable()) });

/**
 * MarketData over the Energy-Charts API (`GET /price?bzn=DE-LU&start=…&end=…`, header `X-Api-Key`); the sandbox serves
 * the same API locally. An interval lasts until the next one starts (15 or 60 minutes), the last one as long as the one
 * before it; intervals without a price (null) are left out.
 */
export function createHttpMarketData(endpoint: ServiceEndpoint): MarketData {
  const client = createJsonClient(endpoint);
  return {
    async dayAhead(from, to) {
      const query = new URLSearchParams({ bzn: 'DE-LU', start: from, end: to });
      const body = await client.get(`/price?${query}`, Prices);
      const starts = body.unix_seconds.map((s) => s * 1000);
      return starts.flatMap((startMs, i) => {
        const price = body.price[i];
        if (price === null || price === undefined) return [];
        const next = starts[i + 1];
        const previous = starts[i - 1];
        const length = next !== undefined && next - startMs <= 3_600_000 ? next - startMs : previous !== undefined ? startMs - previous : 900_000;
        return [{ startMs, endMs: startMs + length, eurPerMwh: String(price) }];
      });
    },
  };
}
