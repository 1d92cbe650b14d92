import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { FREE_TEXT_PATTERN } from './text.ts';
import type { EmbeddedSigningType, EnvelopeView, SignedDocument } from './signing.ts';
import { JOURNEY_STEPS, ProductLineSchema, ProjectPhaseSchema, ProjectStepSchema, type ProjectPhase, type ProjectSummary } from './projects.ts';
import { definePages } from './routes.ts';

/**
 * The project journey as the portal shows it (docs/journey.md: planning and assembly phases with four steps
 * each): every step with its state and whom it waits for, appointments, the grid operator's case, the MaStR, the legal
 * deadlines that apply, the customer's open actions and the contact person. Written with zod/mini (islands parse
 * the request schemas).
 */

export type JourneyStep = (typeof JOURNEY_STEPS)[number];
export const isJourneyStep = (value: string): value is JourneyStep => (JOURNEY_STEPS as readonly string[]).includes(value);

/** The page of each step (the planning-phase and assembly-phase routes). */
export const STEP_PAGES: Record<JourneyStep, string> = {
  OFFER_CONFIRMATION: '/home/app/my-project/planning-phase/offer-confirmation',
  POWER_OF_ATTORNEY: '/home/app/my-project/planning-phase/power-of-attorney',
  POWER_OF_ATTORNEY_MASTR: '/home/app/my-project/planning-phase/power-of-attorney-mastr',
  PLANNING_CONCLUSION: '/home/app/my-project/planning-phase/conclusion',
  DELIVERY: '/home/app/my-project/assembly-phase/delivery',
  DC: '/home/app/my-project/assembly-phase/dc',
  AC: '/home/app/my-project/assembly-phase/ac',
  ASSEMBLY_CONCLUSION: '/home/app/my-project/assembly-phase/conclusion',
};
export const MY_PROJECT_PATH = '/home/app/my-project';
export const MOVE_MASTR_PATH = '/home/app/move-mastr';
/** The journey's pages: the project page and its eight step pages (every visit logged), and the MaStR move. */
export const JOURNEY_PAGE_ROUTES = definePages([
  { path: MY_PROJECT_PATH, access: 'customer', logVisit: true, needsProject: true, nav: { labelKey: 'nav.myProject', order: 15 } },
  ...Object.values(STEP_PAGES).map((path) => ({ path, access: 'customer' as const, logVisit: true, needsProject: true })),
  { path: MOVE_MASTR_PATH, access: 'customer', needsProject: true },
]);

export function phaseOfStep(step: JourneyStep): Exclude<ProjectPhase, 'COMPLETED'> {
  return JOURNEY_STEPS.indexOf(step) < 4 ? 'PLANNING' : 'ASSEMBLY';
}

/**
 * Who a step (or the project) waits for. `REGISTER`: the Bundesnetzagentur's Marktstammdatenregister (only after
 * commissioning, e.g. while the register checks an entry).
 */
export const PartySchema = z.enum(['CUSTOMER', 'INSTALLER', 'GRID_OPERATOR', 'METER_OPERATOR', 'REGISTER']);
export type Party = z.infer<typeof PartySchema>;

/** A step as the customer sees it: done, skipped, current (waiting for someone) or still to come. */
export type StepState = 'DONE' | 'SKIPPED' | 'CURRENT' | 'UPCOMING';

export interface JourneyStepView {
  step: JourneyStep;
  phase: 'PLANNING' | 'ASSEMBLY';
  state: StepState;
  /** For the current step: whose move it is. */
  waitingFor: Party | null;
  startedAt: string | null;
  completedAt: string | null;
  /** The installer's expected day (`YYYY-MM-DD`) for a step not done yet. */
  expectedOn: string | null;
  /** The installer's note, e.g. why a step was skipped. */
  note: string | null;
  /** While the step waits on the customer: what the installer asked them for, in the installer's words. */
  customerRequest: { text: string; at: string } | null;
  /** The step's page. */
  href: string;
}

export type AppointmentKind = 'DELIVERY' | 'DC' | 'AC' | 'METER';
export interface Appointment {
  kind: AppointmentKind;
  start: string;
  end: string;
  status: 'PLANNED' | 'CONFIRMED' | 'DONE' | 'CANCELLED';
  /** Who receives the team for the customer (named in a signed representative power of attorney). */
  representative: string | null;
}

export const GRID_STATES = [
  'NOT_STARTED',
  'REQUEST_SENT',
  'INFORMATION_REQUESTED',
  'GRID_CHECK_RESULT',
  'CONNECTION_APPROVED',
  'COMMISSIONING_REPORTED',
  'METER_APPOINTMENT',
  'METER_SET',
] as const;
export type GridState = (typeof GRID_STATES)[number];

export interface GridOperatorView {
  name: string;
  caseNumber: string | null;
  status: GridState;
  since: string | null;
  documentsCompleteAt: string | null;
  requestedInformation: { text: string; from: 'CUSTOMER' | 'INSTALLER'; at: string } | null;
  gridCheckResult: 'POSITIVE' | 'WITH_CONDITIONS' | null;
  meterOrderedAt: string | null;
  meterSetAt: string | null;
}

export interface MastrView {
  /** Whether the register applies (generating units and batteries). */
  required: boolean;
  status: 'NOT_REGISTERED' | 'REGISTERED' | 'MOVE_REQUESTED';
  authorization: 'OPEN' | 'SIGNED' | 'SKIPPED';
  registeredBy: 'INSTALLER' | 'CUSTOMER' | null;
  registeredAt: string | null;
  operatorNumber: string | null;
  unitNumbers: string[];
  /** The installer asked the customer to hand over an existing registration (notification MOVE_MASTR). */
  moveNeeded: boolean;
  moveRequestedAt: string | null;
  /** After the customer started the transfer: the installer account's 12-digit support code to offer it to. */
  transferSupportCode: string | null;
}

/**
 * Legal deadlines that apply to the project now (facts in docs/journey.md): each with its start, its due day, its
 * legal source and who must act.
 */
export type DeadlineKind = 'GRID_ONE_MONTH' | 'GRID_CHECK' | 'METER_SWAP' | 'METER_THIRD_PARTY' | 'MASTR_REGISTRATION';
export interface Deadline {
  kind: DeadlineKind;
  /** `YYYY-MM-DD` (Berlin). */
  startedOn: string;
  dueOn: string;
  /** The law, e.g. "EEG 2023 § 8 Abs. 6". */
  source: string;
  responsible: Party;
  overdue: boolean;
}

/**
 * What the customer can do now; the dashboard's "Als Nächstes" and the step pages show them as buttons.
 * `ANSWER_REQUEST`: a step waits on the customer for something the portal has no form for; the installer's request
 * (`request`) says what, and the customer answers in a message (docs/journey.md "Actions").
 */
export type ActionKind = 'CONFIRM_ORDER' | 'SIGN' | 'CONFIRM_DELIVERY' | 'MOVE_MASTR' | 'REGISTER_MASTR' | 'SEND_INFORMATION' | 'ANSWER_REQUEST';
export interface NextAction {
  kind: ActionKind;
  projectId: number;
  /** The step the action belongs to (null for MaStR actions after the journey). */
  step: JourneyStep | null;
  signingType: EmbeddedSigningType | null;
  /** Where the button leads (the step's page, or the MaStR page). */
  href: string;
  /** Optional actions (representative powers of attorney) are offered, not demanded. */
  optional: boolean;
  /** When it should be done, if a deadline or appointment says so. */
  dueOn: string | null;
  /** The installer's words for what is needed (the request of a step waiting on the customer), if any. */
  request: string | null;
}

/**
 * The way after commissioning (docs/journey.md "After commissioning"): from the completion notice to the first feed-in
 * payment. It runs beside the eight steps (the assembly conclusion ends with the meter set) and goes on after them.
 */
export const AFTER_COMMISSIONING_STEPS = [
  'COMPLETION_NOTICE',
  'GRID_CONFIRMED',
  'METER_APPOINTMENT',
  'METER_SET',
  'SMART_METER',
  'CAP_LIFTED',
  'MASTR_REGISTERED',
  'FIRST_PAYMENT',
] as const;
export type AfterCommissioningStep = (typeof AFTER_COMMISSIONING_STEPS)[number];
/** Who a step after commissioning usually waits on in Germany (the portal's default when the service names none). */
export const AFTER_COMMISSIONING_PARTY: Record<AfterCommissioningStep, Party> = {
  COMPLETION_NOTICE: 'INSTALLER',
  GRID_CONFIRMED: 'GRID_OPERATOR',
  METER_APPOINTMENT: 'METER_OPERATOR',
  METER_SET: 'METER_OPERATOR',
  SMART_METER: 'METER_OPERATOR',
  CAP_LIFTED: 'INSTALLER',
  MASTR_REGISTERED: 'INSTALLER',
  FIRST_PAYMENT: 'GRID_OPERATOR',
};
export const isAfterCommissioningStep = (value: string): value is AfterCommissioningStep =>
  (AFTER_COMMISSIONING_STEPS as readonly string[]).includes(value);

/**
 * The next deadline of a step after commissioning: a legal one (`source` names the law) or the installer's own
 * promise (`promise`, no law behind it). Kinds and sources: docs/journey.md "After commissioning".
 */
export type StepDeadlineKind = 'COMPLETION_NOTICE' | 'METER_SWAP' | 'SMART_METER' | 'CAP_LIFT' | 'MASTR_REGISTRATION' | 'FEED_IN_PAYMENT';
export interface StepDeadline {
  kind: StepDeadlineKind;
  /** `YYYY-MM-DD` (Berlin). */
  startedOn: string;
  dueOn: string;
  /** The law, e.g. "MaStRV § 5 Abs. 1"; null for the installer's promise. */
  source: string | null;
  promise: boolean;
  responsible: Party;
  overdue: boolean;
}

export interface AfterCommissioningStepView {
  step: AfterCommissioningStep;
  state: StepState;
  /** For the current step: who it waits on. */
  waitingFor: Party | null;
  /** Since when the step runs (an instant), and how many Berlin days that is today. */
  since: string | null;
  sinceDays: number | null;
  completedAt: string | null;
  /** A day the step is planned for (`YYYY-MM-DD`), e.g. the meter appointment. */
  plannedOn: string | null;
  /** The installer's note, in their words. */
  note: string | null;
  deadline: StepDeadline | null;
}

export interface ContactPerson {
  name: string;
  role: string;
  phone: string;
  email: string;
}

export const TIMES_OF_DAY = ['MORNING', 'AFTERNOON', 'ANY'] as const;
export interface Preferences {
  contactPhone: string | null;
  preferredAppointmentTimes: { weekdays: number[]; timeOfDay: (typeof TIMES_OF_DAY)[number]; note: string | null } | null;
}

export interface ProjectJourney {
  project: ProjectSummary;
  steps: JourneyStepView[];
  /** The current step (null once the installation is in operation). */
  current: JourneyStepView | null;
  appointments: Appointment[];
  /** The next appointment still to come. */
  nextAppointment: Appointment | null;
  gridOperator: GridOperatorView;
  mastr: MastrView;
  deadlines: Deadline[];
  actions: NextAction[];
  contactPerson: ContactPerson;
  preferences: Preferences;
  peakPowerKw: number | null;
  commissionedAt: string | null;
  /** The steps after commissioning; empty before commissioning (or when the management service has none). */
  afterCommissioning: AfterCommissioningStepView[];
  /** Documents the customer signed in the portal, newest first. */
  signedDocuments: SignedDocument[];
}

/** Journey of the session's project, or why there is none. */
export type MyJourney = { available: true; journey: ProjectJourney | null } | { available: false };

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * The phone pattern (an optional leading plus, then a digit, then one or more digits), checked after
 * spaces, hyphens, slashes, dots and brackets are taken out: "+49 30 123-456" is stored as "+4930123456".
 */
export const PHONE_PATTERN = /^\+?\d\d+$/;
export const normalizePhone = (value: string) => value.replace(/[\s\-/().]/g, '');
const PhoneSchema = z.pipe(
  z.string().check(z.maxLength(40)),
  z.pipe(z.transform(normalizePhone), z.string().check(z.regex(PHONE_PATTERN), z.minLength(6), z.maxLength(20))),
);

/** A note as typed, line breaks unified, trimmed; characters that are never text refuse it (./text.ts). */
export const tidyNote = (value: string) => value.replace(/\r\n?/g, '\n').trim();

export const PreferredTimesSchema = z.strictObject({
  weekdays: z.array(z.number().check(z.int(), z.minimum(1), z.maximum(6))).check(
    z.maxLength(6),
    z.refine((days) => new Set(days).size === days.length, 'duplicate weekday'),
  ),
  timeOfDay: z.enum(TIMES_OF_DAY),
  note: z.optional(z.nullable(z.pipe(z.string().check(z.maxLength(300)), z.pipe(z.transform(tidyNote), z.string().check(z.regex(FREE_TEXT_PATTERN, 'invalidCharacters')))))),
});

/** `PATCH /api/v1/internal/project/{id}`: only what a customer may change; any other field is refused (400). */
export const ProjectPatchSchema = z
  .strictObject({
    contactPhone: z.optional(z.nullable(PhoneSchema)),
    preferredAppointmentTimes: z.optional(z.nullable(PreferredTimesSchema)),
  })
  .check(z.refine((patch) => Object.keys(patch).length > 0, 'nothing to change'));
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;

/** `POST /api/v1/internal/project/search`: a filter over the customer's own projects; every part optional. */
export const ProjectSearchSchema = z.strictObject({
  /** Matches the project number, street, zip or city (case and accents ignored). */
  query: z.optional(z.string().check(z.maxLength(100))),
  phase: z.optional(ProjectPhaseSchema),
  step: z.optional(ProjectStepSchema),
  productLine: z.optional(ProductLineSchema),
});
export type ProjectSearch = z.infer<typeof ProjectSearchSchema>;

/** The customer's own steps: confirm the order or the delivery, or register in the MaStR without the installer. */
export const CustomerActionSchema = z.strictObject({
  action: z.enum(['CONFIRM_ORDER', 'CONFIRM_DELIVERY', 'SKIP_MASTR_AUTHORIZATION']),
});
export type CustomerAction = z.infer<typeof CustomerActionSchema>['action'];

/** MaStR numbers: three capital letters and twelve digits; spaces are ignored and lower case is accepted. */
export const normalizeMastrNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();
const mastrNumber = (prefix: 'ABR' | 'SEE') =>
  z.pipe(z.string().check(z.maxLength(40)), z.pipe(z.transform(normalizeMastrNumber), z.string().check(z.regex(new RegExp(`^${prefix}\\d{12}$`)))));

/** `POST /api/v1/internal/user/mastr/move`: hand an existing MaStR market actor over to the installer. */
export const MastrMoveSchema = z.strictObject({
  projectId: z.number().check(z.int(), z.positive()),
  operatorNumber: mastrNumber('ABR'),
});
/** `POST /api/v1/internal/user/mastr/register`: the customer registered the units and reports their numbers. */
export const MastrRegisterSchema = z.strictObject({
  projectId: z.number().check(z.int(), z.positive()),
  unitNumbers: z.array(mastrNumber('SEE')).check(z.minLength(1), z.maxLength(10)),
});

export interface MastrMoveResult {
  operatorNumber: string;
  actorName: string;
  /** The installer account's 12-digit support code the customer enters in the register. */
  supportCode: string;
  receiverName: string;
}

export const JOURNEY_PATHS = {
  /** Internal base. */
  search: 'project/search',
  project: 'project/:projectId',
  action: 'project/:projectId/action',
  mastrMove: 'user/mastr/move',
  mastrRegister: 'user/mastr/register',
  /** Machine caller: the management service's project events (HMAC), mounted before the CSRF check. */
  managementWebhook: '/api/management/webhook',
} as const;

export const JourneyErrors = defineErrors({
  /** The action does not fit the project's state (e.g. the order is already confirmed). */
  ACTION_NOT_POSSIBLE: { code: 'JOURNEY.ACTION_NOT_POSSIBLE', status: 409, message: 'Das ist in diesem Schritt gerade nicht möglich.' },
  MASTR_ACTOR_UNKNOWN: {
    code: 'JOURNEY.MASTR_ACTOR_UNKNOWN',
    status: 422,
    message: 'Diese Marktakteursnummer gibt es im Marktstammdatenregister nicht. Bitte prüfe sie noch einmal.',
  },
  MASTR_UNIT_UNKNOWN: {
    code: 'JOURNEY.MASTR_UNIT_UNKNOWN',
    status: 422,
    message: 'Mindestens eine dieser Einheitennummern gibt es im Marktstammdatenregister nicht.',
  },
  MASTR_NOT_REQUIRED: { code: 'JOURNEY.MASTR_NOT_REQUIRED', status: 409, message: 'Für dieses Projekt ist keine Registrierung nötig.' },
  WEBHOOK_UNAUTHORIZED: { code: 'JOURNEY.WEBHOOK_UNAUTHORIZED', status: 401, message: 'Nicht berechtigt.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    journey: typeof JourneyErrors;
  }
}

/** What a page of the journey calls in-process (site/features/journey). */
export interface JourneyServices {
  /** The session's project with its journey, or null without a linked project. */
  mine(): Promise<MyJourney>;
  /**
   * The step page after the e-signature provider sent the customer back: the envelope settled with the provider
   * (never on the return URL's word), or null when it is not one of the customer's.
   */
  signingReturn(projectId: number, envelopeId: string): Promise<EnvelopeView | null>;
}
