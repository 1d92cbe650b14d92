/** One day-ahead price of DE-LU: the interval [startMs, endMs) (15 or 60 minutes), EUR/MWh as a decimal string. */
export interface DayAheadPrice {
  startMs: number;
  endMs: number;
  eurPerMwh: string;
}

/**
 * Day-ahead prices of the bidding zone DE-LU (Energy-Charts' shape; sandbox/market-data/README.md). Adapter:
 * adapters/market-data.http.ts. Rejects with UPSTREAM.UNAVAILABLE when the service fails or does not answer in time.
 */
export interface MarketData {
  /**
   * The published prices of the Berlin days `from` to `to` (inclusive, at most 366 days): quarter hours, or hours
   * before October 2025; days not auctioned yet are left out. Prices in EUR/MWh as decimal strings.
   */
  dayAhead(from: string, to: string): Promise<DayAheadPrice[]>;
}
