import type express from 'express';
import { z } from 'zod';
import { badRequest, controlJson } from '../shared/stand-in.ts';
import { formatBerlin } from './sim/time.ts';

/**
 * The simulation runs from commissioning up to `now`; a clock far in the future would take seconds to reach. The other
 * stand-ins of the simulated world (weather, market data) take the same request.
 */
const ClockRequestSchema = z.strictObject({
  now: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) >= Date.UTC(2000, 0, 1) && Date.parse(value) < Date.UTC(2051, 0, 1)),
});

/**
 * The clock of a stand-in of the simulated world (IoT cloud, weather, market data): the system's time, or the one a
 * tester set through `/_control/clock` until the reset.
 */
export class StandInClock {
  readonly #system: () => number;
  #fixed: number | undefined;

  constructor(system: () => number = Date.now) {
    this.#system = system;
  }

  now(): number {
    return this.#fixed ?? this.#system();
  }

  reset(): void {
    this.#fixed = undefined;
  }

  /** `GET`, `POST` (`{ "now": "2026-06-21T14:07:00+02:00" }`, 2000–2050) and `DELETE /clock` on the control router. */
  controls(control: express.Router, extra: () => Record<string, unknown> = () => ({})): void {
    control.get('/clock', (_req, res) => {
      res.json({ now: formatBerlin(this.now()), fixed: this.#fixed !== undefined, ...extra() });
    });
    control.post('/clock', controlJson, (req, res) => {
      const parsed = ClockRequestSchema.safeParse(req.body);
      if (!parsed.success) return badRequest(res, 'now must be an ISO 8601 timestamp with offset, between 2000 and 2050');
      this.#fixed = Date.parse(parsed.data.now);
      res.status(204).end();
    });
    control.delete('/clock', (_req, res) => {
      this.reset();
      res.status(204).end();
    });
  }
}
