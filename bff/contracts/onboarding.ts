import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { definePages } from './routes.ts';

/**
 * Onboarding on the first sign-in: the two-factor e-mail code that confirms the address,
 * the base data the installer needs, and the tour. The page guard sends a customer who has not finished it to the
 * first open step and afterwards back to the page they asked for (docs/account.md).
 */
export const ONBOARDING_STEPS = ['two-factor', 'base-data', 'tour'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_PAGES: Record<OnboardingStep, string> = {
  'two-factor': '/onboarding/two-factor',
  'base-data': '/onboarding/base-data',
  tour: '/onboarding/tour',
};
/** The first sign-in's steps (the page guard keeps a customer on the first open one; done steps stay viewable). */
export const ONBOARDING_PAGE_ROUTES = definePages(ONBOARDING_STEPS.map((step) => ({ path: ONBOARDING_PAGES[step], access: 'customer' as const })));
export const onboardingStepOfPath = (path: string): OnboardingStep | undefined =>
  ONBOARDING_STEPS.find((step) => path === ONBOARDING_PAGES[step] || path === `${ONBOARDING_PAGES[step]}/`);

/** Paths on the internal base (`PATCH /user/journey`; the rest serve the onboarding pages' forms). */
export const ONBOARDING_API = {
  twoFactorSend: 'user/two-factor/send',
  twoFactorConfirm: 'user/two-factor/confirm',
  baseData: 'user/base-data',
  tour: 'user/tour',
  journey: 'user/journey',
} as const;

/** Docs/security.md "One-time codes": six digits, ten minutes, five attempts; a resend waits longer each time. */
export const TWO_FACTOR = {
  codeLength: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  /** Wait before the 1st, 2nd, 3rd … resend (seconds); the last value repeats. The series starts over after an hour. */
  resendCooldownSeconds: [30, 60, 120, 300, 600],
  seriesResetMinutes: 60,
} as const;

/** The cooldown before the next resend, after `sends` codes in the current series. */
export function resendCooldownSeconds(sends: number): number {
  const steps = TWO_FACTOR.resendCooldownSeconds;
  return steps[Math.min(Math.max(sends, 1), steps.length) - 1] ?? steps[steps.length - 1] ?? 600;
}

export const TwoFactorConfirmSchema = z.strictObject({
  code: z.pipe(z.string(), z.pipe(z.transform((value: string) => value.replace(/\s+/g, '')), z.string().check(z.regex(/^\d{6}$/)))),
});

/** ContactMethod: how the customer wants to be contacted. */
export const CONTACT_METHODS = ['MAIL', 'PHONE', 'WHATSAPP'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
/** Salutation is optional; absent means "keine Angabe". */
export const SALUTATIONS = ['MS', 'MR'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** The phone pattern: an optional leading plus, then a digit, then one or more digits (after spaces and separators). */
export const PHONE_PATTERN = /^\+?\d\d+$/;
export const normalizePhone = (value: string) => value.replace(/[\s\-/().]/g, '');
/** German postcodes: five digits, 01001 to 99998 (none starts with 00). */
export const ZIP_PATTERN = /^(?!00)\d{5}$/;
const HOUSE_NUMBER_PATTERN = /^\d{1,5}\s?[a-zA-Z]?(\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?$/;
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

export const BASE_DATA_FIELDS = ['salutation', 'firstName', 'lastName', 'phone', 'street', 'houseNumber', 'zip', 'city', 'preferredContact'] as const;
export type BaseDataField = (typeof BASE_DATA_FIELDS)[number];
export type BaseDataProblem = 'required' | 'format' | 'tooLong';

export interface BaseData {
  salutation: Salutation | null;
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  preferredContact: ContactMethod;
}

const MAX_LENGTH: Record<Exclude<BaseDataField, 'salutation' | 'preferredContact'>, number> = {
  firstName: 100,
  lastName: 100,
  phone: 30,
  street: 100,
  houseNumber: 12,
  zip: 5,
  city: 100,
};

/**
 * The base data form checked field by field (shared by the pages and the BFF): what is wrong with each field, or the
 * cleaned data. Spaces are trimmed, the phone number loses its separators. Unknown fields are the caller's to refuse
 * (the route's strict schema: mass assignment).
 */
export function checkBaseData(input: Record<string, unknown>): { ok: true; data: BaseData } | { ok: false; problems: Partial<Record<BaseDataField, BaseDataProblem>> } {
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  const problems: Partial<Record<BaseDataField, BaseDataProblem>> = {};
  const values = {
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: normalizePhone(text('phone')),
    street: text('street'),
    houseNumber: text('houseNumber'),
    zip: text('zip').replace(/\s+/g, ''),
    city: text('city'),
  };
  for (const [field, value] of Object.entries(values) as [keyof typeof MAX_LENGTH, string][]) {
    if (value === '') problems[field] = 'required';
    else if (value.length > MAX_LENGTH[field]) problems[field] = 'tooLong';
  }
  const format: [keyof typeof values, RegExp][] = [
    ['firstName', NAME_PATTERN],
    ['lastName', NAME_PATTERN],
    ['phone', PHONE_PATTERN],
    ['houseNumber', HOUSE_NUMBER_PATTERN],
    ['zip', ZIP_PATTERN],
    ['city', NAME_PATTERN],
  ];
  for (const [field, pattern] of format) if (!problems[field] && !pattern.test(values[field])) problems[field] = 'format';
  if (!problems.phone && (values.phone.replace('+', '').length < 6 || values.phone.replace('+', '').length > 20)) problems.phone = 'format';
  const salutation = text('salutation');
  if (salutation !== '' && !(SALUTATIONS as readonly string[]).includes(salutation)) problems.salutation = 'format';
  const preferredContact = text('preferredContact');
  if (preferredContact === '') problems.preferredContact = 'required';
  else if (!(CONTACT_METHODS as readonly string[]).includes(preferredContact)) problems.preferredContact = 'format';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    data: { ...values, salutation: salutation === '' ? null : (salutation as Salutation), preferredContact: preferredContact as ContactMethod },
  };
}

/** `problems` as the error parameter (`zip:format,phone:required`) and back, for the pages' plain forms. */
export const encodeProblems = (problems: Partial<Record<BaseDataField, BaseDataProblem>>) =>
  Object.entries(problems)
    .map(([field, problem]) => `${field}:${problem}`)
    .join(',');
export function decodeProblems(value: string | null | undefined): Partial<Record<BaseDataField, BaseDataProblem>> {
  const problems: Partial<Record<BaseDataField, BaseDataProblem>> = {};
  for (const part of (value ?? '').split(',')) {
    const [field, problem] = part.split(':');
    if ((BASE_DATA_FIELDS as readonly string[]).includes(field ?? '') && ['required', 'format', 'tooLong'].includes(problem ?? '')) {
      problems[field as BaseDataField] = problem as BaseDataProblem;
    }
  }
  return problems;
}

/** JourneyStatus, in order: a status only ever moves forward (docs/account.md). */
export const JOURNEY_STATUSES = [
  'REGISTERED',
  'CONTACT_DETAILS_COMPLETED',
  'LEAD_PHASE_TOUR_SEEN',
  'LEAD_PHASE_TOUR_STARTED',
  'LEAD_PHASE_TOUR_SLIDE_1',
  'LEAD_PHASE_TOUR_SLIDE_2',
  'LEAD_PHASE_TOUR_SLIDE_3',
] as const;
export type JourneyStatus = (typeof JOURNEY_STATUSES)[number];
export const journeyRank = (status: JourneyStatus | null) => (status === null ? -1 : JOURNEY_STATUSES.indexOf(status));

/** The JSON body of `POST user/base-data`: exactly the form's fields (unknown ones are refused). */
export const BaseDataBodySchema = z.strictObject({
  salutation: z.optional(z.nullable(z.string())),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  phone: z.optional(z.string()),
  street: z.optional(z.string()),
  houseNumber: z.optional(z.string()),
  zip: z.optional(z.string()),
  city: z.optional(z.string()),
  preferredContact: z.optional(z.string()),
});

export const JourneyPatchSchema = z.strictObject({ journeyStatus: z.enum(JOURNEY_STATUSES) });
export const JourneyResponseSchema = z.object({ journeyStatus: z.enum(JOURNEY_STATUSES) });

export const OnboardingErrors = defineErrors({
  CODE_INVALID: { code: 'ONBOARDING.CODE_INVALID', status: 422, message: 'Der Code stimmt nicht.' },
  CODE_EXPIRED: { code: 'ONBOARDING.CODE_EXPIRED', status: 410, message: 'Der Code ist abgelaufen. Bitte fordere einen neuen an.' },
  NO_CODE: { code: 'ONBOARDING.NO_CODE', status: 409, message: 'Es gibt keinen gültigen Code. Bitte fordere einen neuen an.' },
  TOO_MANY_ATTEMPTS: { code: 'ONBOARDING.TOO_MANY_ATTEMPTS', status: 429, message: 'Du hast den Code zu oft falsch eingegeben. Bitte fordere einen neuen an.' },
  RESEND_COOLDOWN: { code: 'ONBOARDING.RESEND_COOLDOWN', status: 429, message: 'Bitte warte kurz, bevor Du einen neuen Code anforderst.' },
  ALREADY_CONFIRMED: { code: 'ONBOARDING.ALREADY_CONFIRMED', status: 409, message: 'Deine E-Mail-Adresse ist schon bestätigt.' },
  BASE_DATA_INVALID: { code: 'ONBOARDING.BASE_DATA_INVALID', status: 400, message: 'Bitte prüfe Deine Angaben.' },
  JOURNEY_BACKWARDS: { code: 'ONBOARDING.JOURNEY_BACKWARDS', status: 409, message: 'Dieser Schritt liegt schon hinter Dir.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    onboarding: typeof OnboardingErrors;
  }
}

/** What the two-factor page shows. */
export interface TwoFactorView {
  email: string;
  confirmed: boolean;
  /** A code was sent and is still valid. */
  codePending: boolean;
  attemptsLeft: number;
  /** When a new code may be requested (ISO); null: now. */
  resendAvailableAt: string | null;
}

/** What the base data form starts with: the saved data, else what the portal knows (identity provider, projects). */
export interface BaseDataView {
  values: Omit<BaseData, 'salutation' | 'preferredContact'> & { salutation: Salutation | null; preferredContact: ContactMethod | null };
  saved: boolean;
  /** Where the prefilled address came from, if not from the customer. */
  addressFromProject: number | null;
}

/** Page services of the onboarding pages (bff/contracts/page-services.ts). */
export interface OnboardingServices {
  /** The first open step, or null when onboarding is done. */
  step(): Promise<OnboardingStep | null>;
  twoFactor(): Promise<TwoFactorView>;
  baseData(): Promise<BaseDataView>;
}
