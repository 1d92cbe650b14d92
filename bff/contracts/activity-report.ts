import * as z from 'zod/mini';

/**
 * `POST /api/v1/internal/util/activity-log`: events that happen in the browser, which the browser may
 * report. An allow-list, each type with exactly its fields; anything else is 400. The lead and video capabilities add
 * their types here.
 */
export const ActivityReportSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('FAQ_CLICKED'), question: z.string().check(z.minLength(1), z.maxLength(300)) }),
  z.strictObject({
    type: z.literal('LEAD_CONTENT_CLICKED'),
    topic: z.enum(['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID']),
    projectId: z.optional(z.number().check(z.int(), z.positive())),
  }),
  z.strictObject({ type: z.literal('LEAD_VIDEO_PLAYED'), fileUuid: z.optional(z.string().check(z.maxLength(64))) }),
  z.strictObject({ type: z.literal('SALES_PERSON_CONTACTED'), method: z.enum(['WHATSAPP', 'PHONE', 'MAIL']) }),
]);
export type ActivityReport = z.infer<typeof ActivityReportSchema>;

export const ACTIVITY_REPORT_PATH = 'util/activity-log';
