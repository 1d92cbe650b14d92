import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';

/**
 * Machine callers (docs/machine-api.md): the installer's systems and schedulers reach the
 * portal on routers of their own, each with its own token. A token is a JWT (HS256) signed with the caller's secret,
 * `aud` = the portal's fixed API audience, `sub` = the caller's name.
 */
export const MACHINE_CALLERS = ['internal', 'cron', 'funnel', 'external'] as const;
export type MachineCaller = (typeof MACHINE_CALLERS)[number];

export const machineBase = (caller: MachineCaller) => `/api/${caller}`;

/**
 * How long a machine token may live (docs/machine-api.md "Tokens"): `exp` and `iat` are required, `exp - iat` at most
 * this, and a token issued longer ago than this is refused whatever its `exp` says.
 */
export const MACHINE_TOKEN_MAX_LIFETIME_SECONDS = 15 * 60;
/** Clock difference tolerated between the caller and the portal. */
export const MACHINE_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

export const ExternalEventSchema = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('project.step_changed'), data: z.looseObject({ projectId: z.number().check(z.int(), z.positive()), step: z.string().check(z.maxLength(40)) }) }),
  z.strictObject({
    event: z.literal('document.published'),
    data: z.strictObject({
      projectId: z.number().check(z.int(), z.positive()),
      documentId: z.string().check(z.minLength(1), z.maxLength(128)),
      title: z.string().check(z.minLength(1), z.maxLength(200)),
    }),
  }),
  /** The installer reports a DC or AC installation done: its survey invitation follows. */
  z.strictObject({
    event: z.literal('project.step_done'),
    data: z.strictObject({ projectId: z.number().check(z.int(), z.positive()), step: z.enum(['DC', 'AC']) }),
  }),
  z.strictObject({
    event: z.literal('task.answered'),
    data: z.looseObject({ projectId: z.number().check(z.int(), z.positive()), taskId: z.string().check(z.minLength(1), z.maxLength(64)), kind: z.string().check(z.maxLength(40)) }),
  }),
]);
export type ExternalEvent = z.infer<typeof ExternalEventSchema>;

export const MachineErrors = defineErrors({
  UNAUTHORIZED: { code: 'MACHINE.UNAUTHORIZED', status: 401, message: 'Kein gültiges Token für diesen Zugang.' },
  UNKNOWN_JOB: { code: 'MACHINE.UNKNOWN_JOB', status: 404, message: 'Diesen Job gibt es nicht.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    machine: typeof MachineErrors;
  }
}
