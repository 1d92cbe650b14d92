import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';

/**
 * Project linking (README "Project linking"): the link call, its result map and the code confirmation.
 * zod/mini because the link dialog island parses these (see projects.ts).
 */
export const PROJECT_LINK_PATH = 'project/link';
export const PROJECT_LINK_CONFIRM_PATH = 'project/link/confirm';

/** Slug of the FAQ entry that explains project linking; the link dialog points to `/home/app/help?question=<slug>`. */
export const PROJECT_LINK_FAQ_SLUG = 'wie-verknuepfe-ich-mein-projekt';

/** Codes are valid this long; a new linking mail for the same project is refused for the same time (429). */
export const LINK_CODE_TTL_MINUTES = 10;
export const LINK_CODE_MAX_ATTEMPTS = 5;
export const LINK_CODE_LENGTH = 6;

/**
 * The most digits each field of the link dialog takes: a project id is a safe integer (15 digits), customer number and
 * zip at most 20. The dialog says so at the field; the API refuses longer ones.
 */
export const LINK_FIELD_MAX_DIGITS = { projectId: 15, customerNumber: 20, zip: 20 } as const;

const digits = z.string().check(z.regex(/^\d{1,20}$/));

/** Either a project id, or customer number + zip (spaces already stripped by the client). */
export const LinkProjectRequestSchema = z.union([
  z.strictObject({ projectId: z.number().check(z.int(), z.positive(), z.lt(10 ** LINK_FIELD_MAX_DIGITS.projectId)) }),
  z.strictObject({ zip: digits, customerNumber: digits }),
]);
export type LinkProjectRequest = z.infer<typeof LinkProjectRequestSchema>;

/** One entry of the link response: `code` 200 (mail sent) or 404; the address is masked (`j***@example.de`). */
export const LinkResponseEntrySchema = z.object({
  code: z.union([z.literal(200), z.literal(404)]),
  emailAddress: z.nullable(z.string()),
});
export type LinkResponseEntry = z.infer<typeof LinkResponseEntrySchema>;

/** The map by project id (object keys are the ids as strings). */
export const LinkProjectResponseSchema = z.record(z.string(), LinkResponseEntrySchema);
export type LinkProjectResponse = z.infer<typeof LinkProjectResponseSchema>;

export const ConfirmLinkRequestSchema = z.strictObject({
  projectId: z.number().check(z.int(), z.positive()),
  code: z.string().check(z.regex(/^\d{6}$/)),
});
export type ConfirmLinkRequest = z.infer<typeof ConfirmLinkRequestSchema>;

/** The results of the project connection. A wrong code is an error (422), not a result. */
export const LinkResultSchema = z.enum(['PROJECT_CONNECTED', 'PROJECT_ALREADY_CONNECTED', 'PROJECT_NOT_FOUND', 'CODE_EXPIRED']);
export type LinkResult = z.infer<typeof LinkResultSchema>;
export const ConfirmLinkResponseSchema = z.object({ result: LinkResultSchema });
export type ConfirmLinkResponse = z.infer<typeof ConfirmLinkResponseSchema>;

/** Errors of the linking endpoints, with their HTTP status. */
export const LinkErrors = defineErrors({
  /** Nothing matches (also a wrong zip for an existing customer number). */
  PROJECT_NOT_FOUND: { code: 'LINK.PROJECT_NOT_FOUND', status: 404, message: 'Zu diesen Angaben haben wir kein Projekt gefunden.' },
  /** The project is already connected to the signed-in customer. */
  ALREADY_CONNECTED: {
    code: 'LINK.PROJECT_ALREADY_CONNECTED',
    status: 418,
    message: 'Dieses Projekt ist bereits mit Deinem Konto verbunden.',
  },
  /** A linking mail for this project was sent less than LINK_CODE_TTL_MINUTES ago (`retryAfterSeconds`). */
  EMAIL_ALREADY_SENT: {
    code: 'LINK.EMAIL_ALREADY_SENT',
    status: 429,
    message: `Wir haben Dir gerade schon eine E-Mail geschickt. Eine neue kannst Du in ${LINK_CODE_TTL_MINUTES} Minuten anfordern.`,
  },
  /** Too many link requests from this customer or address (`retryAfterSeconds`). */
  RATE_LIMITED: {
    code: 'LINK.RATE_LIMITED',
    status: 429,
    message: 'Du hast in kurzer Zeit sehr viele Verknüpfungen angefragt. Bitte warte etwas und versuche es dann noch einmal.',
  },
  /** The code does not match; `attemptsLeft` says how many tries remain. */
  CODE_INVALID: { code: 'LINK.CODE_INVALID', status: 422, message: 'Der Code stimmt nicht.' },
  /** LINK_CODE_MAX_ATTEMPTS wrong codes; the code is dead, a new one must be requested. */
  TOO_MANY_ATTEMPTS: {
    code: 'LINK.TOO_MANY_ATTEMPTS',
    status: 429,
    message: 'Der Code wurde zu oft falsch eingegeben und ist jetzt ungültig. Bitte fordere einen neuen Code an.',
  },
});

declare module './errors.ts' {
  interface ErrorTables {
    linking: typeof LinkErrors;
  }
}

export { LINK_MAIL_PARAMS } from './link-params.ts';
