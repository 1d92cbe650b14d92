import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { MESSAGE_TEXT_PATTERN, normalizeMessageText } from './messages.ts';
import { definePages } from './routes.ts';

/**
 * The meter change request (docs/files.md): what the grid operator needs before the
 * meter is swapped, sent to the management service as `POST /meter-change-request` (JSON), and the photo of the meter
 * cabinet as `POST /meter-change-request/file` (multipart: file, token, code). Token and code are a short-lived,
 * single-use capability for exactly one request's photo, so the upload also works from a mailed link on a phone
 * without signing in.
 */

/** The request's enumerations, with the numbers the management service takes. */
export const BUILDING_TYPES = { 1: 'RESIDENTIAL_HOUSE', 2: 'COMMERCIAL_HALL', 3: 'STORAGE_HALL', 4: 'CARPORT', 5: 'OTHER' } as const;
export const METER_KINDS = { 1: 'ELECTRICITY', 2: 'HEATING', 3: 'OTHER' } as const;
export const EXISTING_COMPONENT_HANDLING = { 1: 'STAYS', 2: 'WILL_BE_REMOVED', 3: 'WILL_BE_REPLACED', 4: 'STAYS_CASCADE' } as const;
export const LOCATIONS_IN_BUILDING = { 1: 'ATTIC', 2: 'GROUND_FLOOR', 3: 'BASEMENT', 4: 'OTHER' } as const;

export const METER_CHANGE_LIMITS = {
  noteMaxLength: 1000,
  /** How long the upload capability (token + code) holds. */
  uploadValidHours: 24,
  /** Wrong codes before a capability is dead. */
  maxCodeAttempts: 5,
} as const;

/** German meter numbers: letters and digits, often written in groups ("1 ESY 11 6051 2345"); stored without spaces. */
export const METER_NUMBER_PATTERN = /^[A-Z0-9]{6,20}$/;
export const normalizeMeterNumber = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();
/** German postcodes: five digits, 01001 to 99998. */
export const GERMAN_ZIP_PATTERN = /^(?!00)\d{5}$/;

const choice = (max: number) => z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(Number), z.number().check(z.int(), z.gte(1), z.lte(max))));
const line = (max: number) => z.pipe(z.string(), z.pipe(z.transform((v: string) => v.replace(/\s+/g, ' ').trim()), z.string().check(z.minLength(1), z.maxLength(max))));

export const MeterChangeRequestSchema = z.object({
  projectId: z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(Number), z.number().check(z.int(), z.positive()))),
  buildingType: choice(5),
  meterKind: choice(3),
  existingComponent: choice(4),
  locationInBuilding: choice(4),
  meterNumber: z.pipe(z.string(), z.pipe(z.transform(normalizeMeterNumber), z.string().check(z.regex(METER_NUMBER_PATTERN)))),
  street: line(120),
  houseNumber: z.pipe(z.string(), z.pipe(z.transform((v: string) => v.trim()), z.string().check(z.regex(/^\d{1,5}\s?[a-zA-Z]?(\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?$/)))),
  zip: z.pipe(z.string(), z.pipe(z.transform((v: string) => v.replace(/\s+/g, '')), z.string().check(z.regex(GERMAN_ZIP_PATTERN)))),
  city: line(80),
  note: z.optional(
    z.pipe(z.string(), z.pipe(z.transform(normalizeMessageText), z.string().check(z.maxLength(METER_CHANGE_LIMITS.noteMaxLength), z.regex(MESSAGE_TEXT_PATTERN)))),
  ),
});
export type MeterChangeRequestInput = z.infer<typeof MeterChangeRequestSchema>;
export type MeterChangeField = keyof MeterChangeRequestInput;

/** The fields a customer fills in (the project is the page's); a refused plain form shows each of them again. */
export const METER_CHANGE_FORM_FIELDS = [
  'buildingType',
  'meterKind',
  'existingComponent',
  'locationInBuilding',
  'meterNumber',
  'street',
  'houseNumber',
  'zip',
  'city',
  'note',
] as const satisfies readonly MeterChangeField[];

export const MeterPhotoCapabilitySchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/)),
  code: z.string().check(z.regex(/^\d{6}$/)),
});

export interface MeterPhotoCapability {
  token: string;
  code: string;
  expiresAt: string;
}

export interface MeterChangeCreated {
  requestId: string;
  submittedAt: string;
  /** Null when uploads are switched off. */
  upload: MeterPhotoCapability | null;
}

export interface MeterChangeView {
  projectId: number;
  /** The installation address from the project, to prefill and check. */
  address: { street: string; houseNumber: string; zip: string; city: string };
  /** The request already sent for this project (one per project). */
  submitted: { requestId: string; submittedAt: string; photoReceived: boolean } | null;
  /** The meter is already set: no request needed any more. */
  meterSet: boolean;
  uploadEnabled: boolean;
}

/** What the public photo page shows for a mailed link. */
export interface MeterPhotoLinkView {
  state: 'VALID' | 'USED' | 'EXPIRED' | 'INVALID' | 'DISABLED';
  projectStreet?: string;
  expiresAt?: string;
}

export const METER_CHANGE_PATHS = {
  /** App base. */
  create: 'meter-change-request',
  file: 'meter-change-request/file',
} as const;

export const METER_CHANGE_PAGE = '/home/app/meter-change-request';
export const METER_PHOTO_PAGE = '/meter-change-request/photo';
export const METER_CHANGE_PAGE_ROUTES = definePages([
  { path: METER_CHANGE_PAGE, access: 'customer', needsProject: true },
  { path: METER_PHOTO_PAGE, access: 'public' },
]);

export const MeterChangeErrors = defineErrors({
  ALREADY_SUBMITTED: { code: 'METER_CHANGE.ALREADY_SUBMITTED', status: 409, message: 'Für dieses Projekt hast Du den Antrag schon geschickt.' },
  NOT_NEEDED: { code: 'METER_CHANGE.NOT_NEEDED', status: 409, message: 'Der Zähler ist schon gewechselt; ein Antrag ist nicht mehr nötig.' },
  LINK_INVALID: { code: 'METER_CHANGE.LINK_INVALID', status: 404, message: 'Dieser Link zum Hochladen gilt nicht.' },
  LINK_USED: { code: 'METER_CHANGE.LINK_USED', status: 410, message: 'Mit diesem Link wurde schon ein Foto geschickt.' },
  LINK_EXPIRED: { code: 'METER_CHANGE.LINK_EXPIRED', status: 410, message: 'Dieser Link ist abgelaufen.' },
  TOO_MANY_ATTEMPTS: { code: 'METER_CHANGE.TOO_MANY_ATTEMPTS', status: 429, message: 'Zu viele falsche Versuche. Der Link gilt nicht mehr.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    meterChange: typeof MeterChangeErrors;
  }
}

export interface MeterChangeServices {
  /** The form's data for the session project; null without a project. */
  page(): Promise<MeterChangeView | null>;
  /** The public photo page: whether the mailed link still works (nothing is used up by looking). */
  photoLink(token: string): Promise<MeterPhotoLinkView>;
}
