/** What a request waits on, for `Server-Timing` (docs/observability.md "Server-Timing"). */
export type CostKind = 'db' | 'up';

/**
 * Calls of one kind (SQL statements, calls to external services): how many, and for how long at least one of them was
 * running. Calls of one request run side by side, so the time is the union of their spans, never more than the
 * request's own time.
 */
class Tally {
  count = 0;
  private busyMs = 0;
  private running = 0;
  private since = 0;

  start(now: number) {
    this.count += 1;
    if (this.running++ === 0) this.since = now;
  }

  end(now: number) {
    if (--this.running === 0) this.busyMs += now - this.since;
  }

  busyUntil(now: number): number {
    return this.busyMs + (this.running > 0 ? now - this.since : 0);
  }
}

const ms = (value: number) => (Math.round(value * 10) / 10).toString();

/** The cost of one request: its start, its SQL statements and its calls to external services. */
export class RequestCost {
  private readonly started = performance.now();
  private readonly tallies: Record<CostKind, Tally> = { db: new Tally(), up: new Tally() };

  /** One call of the kind begins; the answer ends it (idempotent, so an error path may end it again). */
  begin(kind: CostKind): () => void {
    const tally = this.tallies[kind];
    tally.start(performance.now());
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      tally.end(performance.now());
    };
  }

  count(kind: CostKind): number {
    return this.tallies[kind].count;
  }

  /** `total;dur=…, db;dur=…;desc=N, up;dur=…;desc=N` up to now: timings and counts only, never a name or an id. */
  serverTiming(): string {
    const now = performance.now();
    const { db, up } = this.tallies;
    return `total;dur=${ms(now - this.started)}, db;dur=${ms(db.busyUntil(now))};desc=${db.count}, up;dur=${ms(up.busyUntil(now))};desc=${up.count}`;
  }
}
