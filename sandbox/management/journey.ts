import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { addDays, berlinDay, berlinInstant } from '../shared/relative-dates.ts';
import { AFTER_COMMISSIONING_PARTY, AFTER_COMMISSIONING_STEPS, GRID_STATES, type AfterCommissioningStep, type GridState, type JourneyStep } from '~/bff/contracts/journey.ts';
import { JOURNEY_STEPS } from '~/bff/contracts/projects.ts';
import type { ProjectPhase, ProjectStep } from '~/bff/contracts/projects.ts';
import { EmbeddedSigningTypeSchema, type EmbeddedSigningType } from '~/bff/contracts/signing.ts';

/**
 * The installer's view of a project's way from the signed offer to a running installation: the eight steps of the
 * planning and assembly phases (each with its state and whom it waits for), appointments, the grid operator's case,
 * the Marktstammdatenregister (MaStR) and the customer's contact person. This is the vendor's shape; the portal's
 * management adapter maps it onto `bff/contracts/journey.ts`. The business rules of the installer (what follows what)
 * live here, so the tester page and the API agree.
 */

// The step and grid-operator vocabularies are the portal's contract too (as for projects' phases and steps).
export { JOURNEY_STEPS, GRID_STATES, AFTER_COMMISSIONING_STEPS };
export type { JourneyStep, GridState, AfterCommissioningStep };

export const WAITING_FOR = ['CUSTOMER', 'INSTALLER', 'GRID_OPERATOR', 'METER_OPERATOR'] as const;
/** After commissioning a step may also wait on the register (the Bundesnetzagentur's MaStR). */
export const AFTER_WAITING_FOR = [...WAITING_FOR, 'REGISTER'] as const;
const STEP_STATUSES = ['DONE', 'SKIPPED', 'ACTIVE', 'UPCOMING'] as const;
const MASTR_STATES = ['NOT_REGISTERED', 'REGISTERED', 'MOVE_REQUESTED'] as const;
export const SIGNING_TYPES = EmbeddedSigningTypeSchema.options;
export type SigningType = EmbeddedSigningType;
export const CUSTOMER_ACTIONS = ['CONFIRM_ORDER', 'CONFIRM_DELIVERY', 'SKIP_MASTR_AUTHORIZATION'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

const iso = z.iso.datetime();
const day = z.iso.date();

const StepSchema = z.strictObject({
  step: z.enum(JOURNEY_STEPS),
  status: z.enum(STEP_STATUSES),
  /** Whose move it is; only for the active step. */
  waitingFor: z.enum(WAITING_FOR).nullable().default(null),
  startedAt: iso.nullable().default(null),
  completedAt: iso.nullable().default(null),
  /** When the installer expects the step to be done (a day), for steps not done yet. */
  expectedOn: day.nullable().default(null),
  /** Why a step was skipped, in the installer's words (e.g. no generating unit, so no MaStR). */
  note: z.string().max(500).nullable().default(null),
  /**
   * What the installer needs from the customer while the active step waits on them (e.g. "Bitte schick uns ein Foto
   * des Dachbodens"), in the installer's words; only with `waitingFor: CUSTOMER`.
   */
  customerRequest: z.strictObject({ text: z.string().min(1).max(500), at: iso }).nullable().default(null),
});
export type VendorStep = z.infer<typeof StepSchema>;

/** A step after commissioning (docs/journey.md "After commissioning"): the completion notice to the first feed-in payment. */
const AfterStepSchema = z.strictObject({
  step: z.enum(AFTER_COMMISSIONING_STEPS),
  status: z.enum(STEP_STATUSES),
  waitingFor: z.enum(AFTER_WAITING_FOR).nullable().default(null),
  startedAt: iso.nullable().default(null),
  completedAt: iso.nullable().default(null),
  /** A day the step is planned for, e.g. the meter appointment. */
  plannedOn: day.nullable().default(null),
  note: z.string().max(500).nullable().default(null),
});
export type AfterStep = z.infer<typeof AfterStepSchema>;

const AppointmentSchema = z.strictObject({
  kind: z.enum(['DELIVERY', 'DC', 'AC', 'METER']),
  start: iso,
  end: iso,
  status: z.enum(['PLANNED', 'CONFIRMED', 'DONE', 'CANCELLED']).default('PLANNED'),
  /** Who receives the team when the customer cannot be there (named in a signed representative POA). */
  representative: z.string().max(120).nullable().default(null),
});

const GridOperatorSchema = z.strictObject({
  name: z.string().min(1),
  caseNumber: z.string().nullable().default(null),
  status: z.enum(GRID_STATES).default('NOT_STARTED'),
  since: iso.nullable().default(null),
  /** When the grid operator had everything it needs: the 8-week period for the grid check starts here. */
  documentsCompleteAt: iso.nullable().default(null),
  requestedInformation: z
    .strictObject({ text: z.string().min(1).max(500), from: z.enum(['CUSTOMER', 'INSTALLER']), at: iso })
    .nullable()
    .default(null),
  gridCheckResult: z.enum(['POSITIVE', 'WITH_CONDITIONS']).nullable().default(null),
  /** Completion notice with the meter order: the meter operator has one month for the swap. */
  meterOrderedAt: iso.nullable().default(null),
  meterSetAt: iso.nullable().default(null),
});

const MastrSchema = z.strictObject({
  status: z.enum(MASTR_STATES).default('NOT_REGISTERED'),
  /** Whether the MaStR applies at all (generating units and batteries; not for a wallbox or heat pump alone). */
  required: z.boolean().default(true),
  /** The customer's decision on the MaStR authorization. */
  authorization: z.enum(['OPEN', 'SIGNED', 'SKIPPED']).default('OPEN'),
  registeredBy: z.enum(['INSTALLER', 'CUSTOMER']).nullable().default(null),
  registeredAt: iso.nullable().default(null),
  /** The operator's market actor number ("ABR" + 12 digits) and the units' numbers ("SEE" + 12 digits). */
  operatorNumber: z.string().nullable().default(null),
  unitNumbers: z.array(z.string()).default([]),
  /** The installer needs the customer's existing MaStR registration handed over (portal notification MOVE_MASTR). */
  moveNeeded: z.boolean().default(false),
  moveRequestedAt: iso.nullable().default(null),
  /** The master-data service's transfer the customer started (Marktakteursübertragung) and the code to offer it to. */
  transferId: z.string().nullable().default(null),
  transferSupportCode: z.string().nullable().default(null),
});

const ContactPersonSchema = z.strictObject({
  name: z.string().min(1),
  role: z.string().min(1),
  phone: z.string().min(1),
  email: z.email(),
});

export const PreferencesSchema = z.strictObject({
  contactPhone: z.string().nullable().default(null),
  /** Weekdays (1 = Monday … 5 = Friday) and time of day the customer prefers for appointments. */
  preferredAppointmentTimes: z
    .strictObject({
      weekdays: z.array(z.number().int().min(1).max(6)).max(6),
      timeOfDay: z.enum(['MORNING', 'AFTERNOON', 'ANY']),
      note: z.string().max(300).nullable().default(null),
    })
    .nullable()
    .default(null),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const SignatureSchema = z.strictObject({
  type: z.enum(SIGNING_TYPES),
  envelopeId: z.string().min(1),
  signedAt: iso,
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  representative: z.string().nullable().default(null),
});

export const JourneySchema = z.strictObject({
  steps: z.array(StepSchema).length(JOURNEY_STEPS.length),
  appointments: z.array(AppointmentSchema).default([]),
  gridOperator: GridOperatorSchema,
  mastr: MastrSchema.prefault({}),
  contactPerson: ContactPersonSchema,
  /** Peak power in kWp; below 30 kWp the one-month rule of Solarpaket I applies to the grid operator. */
  peakPowerKw: z.number().positive().nullable().default(null),
  /** EEG commissioning (after the AC installation): the MaStR month starts here. */
  commissionedAt: iso.nullable().default(null),
  /** The steps after commissioning, all eight in order once the plant is commissioned (empty before). */
  afterCommissioning: z.array(AfterStepSchema).default([]),
  preferences: PreferencesSchema.prefault({}),
  signatures: z.array(SignatureSchema).default([]),
});
export type Journey = z.infer<typeof JourneySchema>;

/**
 * The demo file's way of writing a journey: steps as a record (missing ones are upcoming), dates relative to the
 * sandbox's start ("-20d@18:12", "+8d@07:30", "+45d" for a day), so the demo never looks months out of date.
 */
export const DemoJourneySchema = JourneySchema.extend({
  steps: z.partialRecord(z.enum(JOURNEY_STEPS), StepSchema.omit({ step: true }).partial()),
  /** Like `steps`; without it a commissioned demo project's steps follow from its grid operator and MaStR. */
  afterCommissioning: z.partialRecord(z.enum(AFTER_COMMISSIONING_STEPS), AfterStepSchema.omit({ step: true }).partial()).optional(),
});
export type DemoJourney = z.input<typeof DemoJourneySchema>;

/** Default waiting party of each step when it becomes active. */
const DEFAULT_WAITING_FOR: Record<JourneyStep, (typeof WAITING_FOR)[number]> = {
  OFFER_CONFIRMATION: 'CUSTOMER',
  POWER_OF_ATTORNEY: 'CUSTOMER',
  POWER_OF_ATTORNEY_MASTR: 'CUSTOMER',
  PLANNING_CONCLUSION: 'GRID_OPERATOR',
  DELIVERY: 'INSTALLER',
  DC: 'INSTALLER',
  AC: 'INSTALLER',
  ASSEMBLY_CONCLUSION: 'GRID_OPERATOR',
};

const ASSEMBLY: readonly JourneyStep[] = ['DELIVERY', 'DC', 'AC', 'ASSEMBLY_CONCLUSION'];

/** The phase and step a journey stands at: the active step, or COMPLETED/IN_OPERATION once every step is through. */
export function positionOf(journey: Pick<Journey, 'steps'>): { phase: ProjectPhase; step: ProjectStep } {
  const active = journey.steps.find((s) => s.status === 'ACTIVE');
  if (!active) return { phase: 'COMPLETED', step: 'IN_OPERATION' };
  return { phase: ASSEMBLY.includes(active.step) ? 'ASSEMBLY' : 'PLANNING', step: active.step };
}

/** Checks the rules every journey keeps: steps in order, at most one active, nothing done after something upcoming. */
export function journeyProblems(journey: Journey): string[] {
  const problems: string[] = [];
  journey.steps.forEach((s, i) => {
    if (s.step !== JOURNEY_STEPS[i]) problems.push(`steps[${i}] muss ${JOURNEY_STEPS[i]} sein`);
  });
  const states = journey.steps.map((s) => s.status);
  if (states.filter((s) => s === 'ACTIVE').length > 1) problems.push('mehr als ein aktiver Schritt');
  const firstOpen = states.findIndex((s) => s === 'ACTIVE' || s === 'UPCOMING');
  if (firstOpen >= 0 && states.slice(firstOpen + 1).some((s) => s === 'DONE' || s === 'SKIPPED' || s === 'ACTIVE')) {
    problems.push('nach einem offenen Schritt darf keiner erledigt oder aktiv sein');
  }
  if (firstOpen >= 0 && states[firstOpen] !== 'ACTIVE') problems.push('der erste offene Schritt muss aktiv sein');
  const after = journey.afterCommissioning;
  if (after.length > 0) {
    if (after.length !== AFTER_COMMISSIONING_STEPS.length || after.some((s, i) => s.step !== AFTER_COMMISSIONING_STEPS[i])) {
      problems.push(`afterCommissioning muss ${AFTER_COMMISSIONING_STEPS.join(', ')} in dieser Reihenfolge sein`);
    }
    const open = after.findIndex((s) => s.status === 'ACTIVE' || s.status === 'UPCOMING');
    if (open >= 0 && (after[open]?.status !== 'ACTIVE' || after.slice(open + 1).some((s) => s.status !== 'UPCOMING'))) {
      problems.push('nach der Inbetriebnahme: der erste offene Schritt ist aktiv, alle folgenden offen');
    }
  }
  return problems;
}

// Relative demo dates: sandbox/shared/relative-dates.ts
export { addDays, berlinDay, berlinInstant, resolveRelativeDates } from '../shared/relative-dates.ts';

/** A demo journey (steps as a record) as the full journey. */
export function fromDemo(demo: z.output<typeof DemoJourneySchema>, now: Date): Journey {
  const steps = JOURNEY_STEPS.map((step) => StepSchema.parse({ step, status: 'UPCOMING', ...demo.steps[step] }));
  const given = demo.afterCommissioning;
  const afterCommissioning = given ? AFTER_COMMISSIONING_STEPS.map((step) => AfterStepSchema.parse({ step, status: 'UPCOMING', ...given[step] })) : [];
  const journey = JourneySchema.parse({ ...demo, steps, afterCommissioning });
  settleAfterCommissioning(journey, now.toISOString());
  return journey;
}

// ---------------------------------------------------------------------------------------------------------------
// A journey for a project created through the control API

const CONTACT_PEOPLE = [
  { name: 'Sabine Krüger', role: 'Projektleiterin', phone: '+49 341 2568 1101', email: 'sabine.krueger@beispiel-solar.example' },
  { name: 'Murat Aydın', role: 'Projektleiter', phone: '+49 89 4520 3302', email: 'murat.aydin@beispiel-solar.example' },
];

/** A consistent journey for a project at `phase`/`step`, with the dates a typical project would have. */
export function defaultJourney(step: ProjectStep, now: Date, productLines: readonly string[] = ['SOLAR']): Journey {
  const today = berlinDay(now);
  const index = step === 'IN_OPERATION' ? JOURNEY_STEPS.length : JOURNEY_STEPS.indexOf(step as JourneyStep);
  const at = (days: number, hour = 9) => berlinInstant(addDays(today, days), hour, 0);
  const steps = JOURNEY_STEPS.map((name, i): VendorStep => {
    const startedAt = i <= index ? at(-(index - i + 1) * 7) : null;
    if (i < index) return { step: name, status: 'DONE', waitingFor: null, startedAt, completedAt: at(-(index - i) * 7), expectedOn: null, note: null, customerRequest: null };
    if (i === index) return { step: name, status: 'ACTIVE', waitingFor: DEFAULT_WAITING_FOR[name], startedAt, completedAt: null, expectedOn: addDays(today, 14), note: null, customerRequest: null };
    return { step: name, status: 'UPCOMING', waitingFor: null, startedAt: null, completedAt: null, expectedOn: addDays(today, 14 + (i - index) * 14), note: null, customerRequest: null };
  });
  const generating = productLines.some((line) => ['SOLAR', 'STORAGE', 'OFFGRID'].includes(line));
  const stepDone = (name: JourneyStep) => index > JOURNEY_STEPS.indexOf(name);
  const gridStatus: GridState = stepDone('ASSEMBLY_CONCLUSION')
    ? 'METER_SET'
    : stepDone('AC')
      ? 'COMMISSIONING_REPORTED'
      : stepDone('PLANNING_CONCLUSION')
        ? 'CONNECTION_APPROVED'
        : stepDone('POWER_OF_ATTORNEY')
          ? 'REQUEST_SENT'
          : 'NOT_STARTED';
  const journey = JourneySchema.parse({
    steps,
    appointments: [],
    gridOperator: {
      name: 'Netz Leipzig GmbH',
      status: gridStatus,
      caseNumber: gridStatus === 'NOT_STARTED' ? null : `NA-${today.slice(0, 4)}-${String(randomInt(100000, 999999))}`,
      since: gridStatus === 'NOT_STARTED' ? null : at(-7),
      documentsCompleteAt: gridStatus === 'NOT_STARTED' ? null : at(-7),
      meterSetAt: gridStatus === 'METER_SET' ? at(-3) : null,
    },
    mastr: {
      required: generating,
      authorization: stepDone('POWER_OF_ATTORNEY_MASTR') && generating ? 'SIGNED' : 'OPEN',
      status: stepDone('ASSEMBLY_CONCLUSION') && generating ? 'REGISTERED' : 'NOT_REGISTERED',
      ...(stepDone('ASSEMBLY_CONCLUSION') && generating
        ? { registeredBy: 'INSTALLER', registeredAt: at(-2), operatorNumber: mastrNumber('ABR'), unitNumbers: [mastrNumber('SEE')] }
        : {}),
    },
    contactPerson: CONTACT_PEOPLE[0],
    commissionedAt: stepDone('AC') ? at(-5) : null,
    // A project created as finished has walked the whole way after commissioning.
    afterCommissioning:
      step === 'IN_OPERATION'
        ? AFTER_COMMISSIONING_STEPS.map((name) => ({ step: name, status: 'DONE', startedAt: at(-5), completedAt: at(-2) }))
        : [],
  });
  settleAfterCommissioning(journey, now.toISOString());
  return journey;
}

/** A MaStR number: three letters and twelve digits, e.g. SEE912345678901. */
export function mastrNumber(prefix: 'ABR' | 'SEE'): string {
  return `${prefix}9${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The installer's rules: what follows what

export class JourneyConflict extends Error {}

function activeStep(journey: Journey): VendorStep | undefined {
  return journey.steps.find((s) => s.status === 'ACTIVE');
}

function stepOf(journey: Journey, name: JourneyStep): VendorStep {
  return journey.steps.find((s) => s.step === name) as VendorStep;
}

function setGrid(journey: Journey, status: GridState, now: string): void {
  const grid = journey.gridOperator;
  grid.status = status;
  grid.since = now;
  if (status !== 'INFORMATION_REQUESTED') grid.requestedInformation = null;
  if (status === 'REQUEST_SENT' && !grid.caseNumber) grid.caseNumber = `NA-${now.slice(0, 4)}-${String(randomInt(100000, 999999))}`;
  if (status === 'REQUEST_SENT' && !grid.documentsCompleteAt) grid.documentsCompleteAt = now;
  if (status === 'GRID_CHECK_RESULT') {
    grid.documentsCompleteAt ??= now;
    grid.gridCheckResult ??= 'POSITIVE';
  }
  if (status === 'COMMISSIONING_REPORTED') grid.meterOrderedAt ??= now;
  if (status === 'METER_SET') {
    grid.meterSetAt = now;
    // The meter operator came: its appointment is done, and one planned for later took place now instead.
    for (const appointment of journey.appointments) {
      if (appointment.kind !== 'METER' || appointment.status === 'CANCELLED' || appointment.status === 'DONE') continue;
      if (Date.parse(appointment.start) > Date.parse(now)) {
        const length = Date.parse(appointment.end) - Date.parse(appointment.start);
        appointment.start = new Date(Date.parse(now) - length).toISOString();
        appointment.end = now;
      }
      appointment.status = 'DONE';
    }
  }
}

/** What happens when a step is through (done or skipped): the next one becomes active, with its side effects. */
function finishStep(journey: Journey, step: VendorStep, status: 'DONE' | 'SKIPPED', now: string): void {
  step.status = status;
  step.completedAt = now;
  step.waitingFor = null;
  step.expectedOn = null;
  step.customerRequest = null;
  const grid = journey.gridOperator;
  const gridAt = (s: GridState) => GRID_STATES.indexOf(grid.status) >= GRID_STATES.indexOf(s);
  switch (step.step) {
    case 'POWER_OF_ATTORNEY':
      // With the signed power of attorney the installer files the grid connection request.
      if (!gridAt('REQUEST_SENT')) setGrid(journey, 'REQUEST_SENT', now);
      break;
    case 'AC':
      // EEG commissioning with the AC installation; the completion notice (with the meter order) goes to the grid operator.
      journey.commissionedAt ??= now;
      if (!gridAt('COMMISSIONING_REPORTED')) setGrid(journey, 'COMMISSIONING_REPORTED', now);
      break;
    case 'ASSEMBLY_CONCLUSION':
      if (!gridAt('METER_SET')) setGrid(journey, 'METER_SET', now);
      if (journey.mastr.required && journey.mastr.authorization === 'SIGNED' && journey.mastr.status === 'NOT_REGISTERED') {
        Object.assign(journey.mastr, {
          status: 'REGISTERED',
          registeredBy: 'INSTALLER',
          registeredAt: now,
          operatorNumber: journey.mastr.operatorNumber ?? mastrNumber('ABR'),
          unitNumbers: journey.mastr.unitNumbers.length > 0 ? journey.mastr.unitNumbers : [mastrNumber('SEE')],
        });
      }
      break;
    default:
      break;
  }
  for (const appointment of journey.appointments) {
    if (appointment.kind === step.step && appointment.status !== 'CANCELLED') appointment.status = 'DONE';
  }
  const next = journey.steps[journey.steps.indexOf(step) + 1];
  if (!next) return;
  next.status = 'ACTIVE';
  next.startedAt = now;
  next.waitingFor = DEFAULT_WAITING_FOR[next.step];
  if (next.step === 'PLANNING_CONCLUSION' && gridAt('CONNECTION_APPROVED')) next.waitingFor = 'INSTALLER';
  if (next.step === 'ASSEMBLY_CONCLUSION' && gridAt('METER_APPOINTMENT')) next.waitingFor = 'METER_OPERATOR';
  // A MaStR step without anything to register is skipped on its own.
  if (next.step === 'POWER_OF_ATTORNEY_MASTR' && !journey.mastr.required) {
    next.note = 'Für Deine Anlage ist keine Registrierung im Marktstammdatenregister nötig.';
    finishStep(journey, next, 'SKIPPED', now);
  }
}

/** The tester's (or back office's) "next step": the active step is done, the next one starts. */
export function advanceStep(journey: Journey, now: string): void {
  const active = activeStep(journey);
  if (!active) throw new JourneyConflict('Das Projekt ist schon abgeschlossen.');
  finishStep(journey, active, 'DONE', now);
}

/** The grid operator's next state (skipping the information request, which has its own control). */
export function advanceGridOperator(journey: Journey, now: string): void {
  const order: GridState[] = GRID_STATES.filter((s) => s !== 'INFORMATION_REQUESTED');
  const current = journey.gridOperator.status === 'INFORMATION_REQUESTED' ? 'REQUEST_SENT' : journey.gridOperator.status;
  const next = order[order.indexOf(current) + 1];
  if (!next) throw new JourneyConflict('Der Zähler ist schon gesetzt.');
  setGrid(journey, next, now);
  if (next === 'METER_APPOINTMENT') {
    const step = activeStep(journey);
    if (step?.step === 'ASSEMBLY_CONCLUSION') step.waitingFor = 'METER_OPERATOR';
    if (!journey.appointments.some((a) => a.kind === 'METER' && a.status !== 'CANCELLED')) {
      const target = addDays(berlinDay(new Date(now)), 14);
      journey.appointments.push({ kind: 'METER', start: berlinInstant(target, 8, 0), end: berlinInstant(target, 12, 0), status: 'PLANNED', representative: null });
    }
  }
  const step = activeStep(journey);
  if (next === 'CONNECTION_APPROVED' && step?.step === 'PLANNING_CONCLUSION') step.waitingFor = 'INSTALLER';
}

/** The grid operator asks for more (the clock of the grid check stops until it has everything). */
export function requestInformation(journey: Journey, text: string, from: 'CUSTOMER' | 'INSTALLER', now: string): void {
  const grid = journey.gridOperator;
  if (!['REQUEST_SENT', 'INFORMATION_REQUESTED'].includes(grid.status)) {
    throw new JourneyConflict('Nachforderungen gibt es nur, solange der Netzbetreiber den Antrag prüft.');
  }
  grid.status = 'INFORMATION_REQUESTED';
  grid.since = now;
  grid.documentsCompleteAt = null;
  grid.requestedInformation = { text, from, at: now };
}

/** The step a signing type belongs to, and whether signing it finishes that step. */
export const SIGNING_STEP: Record<SigningType, { step: JourneyStep; finishes: boolean }> = {
  NETWORK_OPERATOR_POWER_OF_ATTORNEY: { step: 'POWER_OF_ATTORNEY', finishes: true },
  MARKET_REGISTER_AUTHORIZATION: { step: 'POWER_OF_ATTORNEY_MASTR', finishes: true },
  DC_REPRESENTATIVE_POA: { step: 'DC', finishes: false },
  AC_REPRESENTATIVE_POA: { step: 'AC', finishes: false },
};

/** Why a signature of this type cannot be taken now, or null when it can. */
function signatureConflict(journey: Journey, type: SigningType): string | null {
  const { step } = SIGNING_STEP[type];
  const state = stepOf(journey, step);
  if (SIGNING_STEP[type].finishes) {
    return state.status === 'ACTIVE' ? null : 'Dieser Schritt wartet gerade auf keine Unterschrift.';
  }
  if (state.status !== 'ACTIVE' && state.status !== 'UPCOMING') return 'Diese Montage ist schon vorbei.';
  return null;
}

/** A signed document arrived from the portal: recorded once per envelope; a power of attorney finishes its step. */
export function recordSignature(
  journey: Journey,
  signature: { type: SigningType; envelopeId: string; documentSha256: string; representative?: string | null },
  now: string,
): 'recorded' | 'already' {
  if (journey.signatures.some((s) => s.envelopeId === signature.envelopeId)) return 'already';
  const conflict = signatureConflict(journey, signature.type);
  if (conflict) throw new JourneyConflict(conflict);
  journey.signatures.push({ ...signature, representative: signature.representative ?? null, signedAt: now });
  const { step, finishes } = SIGNING_STEP[signature.type];
  if (signature.type === 'MARKET_REGISTER_AUTHORIZATION') journey.mastr.authorization = 'SIGNED';
  if (!finishes) {
    for (const appointment of journey.appointments) {
      if (appointment.kind === step && appointment.status !== 'CANCELLED') appointment.representative = signature.representative ?? null;
    }
    // A step that waited on the customer only for this power of attorney is the installer's again.
    const state = stepOf(journey, step);
    if (state.status === 'ACTIVE' && state.waitingFor === 'CUSTOMER' && !state.customerRequest) state.waitingFor = 'INSTALLER';
    return 'recorded';
  }
  finishStep(journey, stepOf(journey, step), 'DONE', now);
  return 'recorded';
}

/** A customer's action from the portal; 409 (JourneyConflict) when the project is not at that point. */
export function applyCustomerAction(journey: Journey, action: CustomerAction, now: string): void {
  const active = activeStep(journey);
  switch (action) {
    case 'CONFIRM_ORDER':
      if (active?.step !== 'OFFER_CONFIRMATION') throw new JourneyConflict('Der Auftrag ist schon bestätigt.');
      finishStep(journey, active, 'DONE', now);
      return;
    case 'CONFIRM_DELIVERY':
      if (active?.step !== 'DELIVERY' || active.waitingFor !== 'CUSTOMER') {
        throw new JourneyConflict('Die Lieferung kann gerade nicht bestätigt werden.');
      }
      finishStep(journey, active, 'DONE', now);
      return;
    case 'SKIP_MASTR_AUTHORIZATION':
      if (active?.step !== 'POWER_OF_ATTORNEY_MASTR') throw new JourneyConflict('Dieser Schritt ist nicht offen.');
      journey.mastr.authorization = 'SKIPPED';
      active.note = 'Du registrierst Deine Anlage selbst im Marktstammdatenregister.';
      finishStep(journey, active, 'SKIPPED', now);
      return;
  }
}

/**
 * The tester says whose move it is on the active step (e.g. goods delivered: the customer confirms), and, when it is
 * the customer's, what the installer needs from them (the portal shows it as the installer's request). Another party
 * clears the request; the customer again without a text keeps the earlier one.
 */
export function setWaitingFor(journey: Journey, waitingFor: (typeof WAITING_FOR)[number], now: string, request?: string | null): void {
  const active = activeStep(journey);
  if (!active) throw new JourneyConflict('Das Projekt ist schon abgeschlossen.');
  active.waitingFor = waitingFor;
  const text = request?.trim();
  if (waitingFor !== 'CUSTOMER') active.customerRequest = null;
  else if (text) active.customerRequest = { text, at: now };
}

/** The back office's MaStR controls: ask the customer to hand over their registration, or mark the units registered. */
export function changeMastr(journey: Journey, change: { moveNeeded?: boolean | undefined; registered?: boolean | undefined }, now: string): void {
  const mastr = journey.mastr;
  if (!mastr.required) throw new JourneyConflict('Für dieses Projekt ist keine Registrierung im MaStR nötig.');
  if (change.moveNeeded !== undefined) {
    if (change.moveNeeded && mastr.status === 'REGISTERED') throw new JourneyConflict('Die Anlage ist schon registriert.');
    mastr.moveNeeded = change.moveNeeded;
  }
  if (change.registered) {
    Object.assign(mastr, {
      status: 'REGISTERED',
      registeredBy: mastr.registeredBy ?? 'INSTALLER',
      registeredAt: now,
      operatorNumber: mastr.operatorNumber ?? mastrNumber('ABR'),
      unitNumbers: mastr.unitNumbers.length > 0 ? mastr.unitNumbers : [mastrNumber('SEE')],
      moveNeeded: false,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// After commissioning: the completion notice to the first feed-in payment (docs/journey.md "After commissioning")

const gridReached = (journey: Journey, state: GridState) => GRID_STATES.indexOf(journey.gridOperator.status) >= GRID_STATES.indexOf(state);

/**
 * When a step after commissioning is already true by the grid operator's case or the MaStR (the tester may move those
 * on their own, and finishing the assembly sets the meter): the moment it became true, or null while it is not.
 */
function alreadyDone(journey: Journey, step: AfterCommissioningStep): string | null {
  const grid = journey.gridOperator;
  switch (step) {
    case 'COMPLETION_NOTICE':
      return gridReached(journey, 'COMMISSIONING_REPORTED') ? (grid.meterOrderedAt ?? journey.commissionedAt) : null;
    case 'GRID_CONFIRMED':
    case 'METER_APPOINTMENT':
      return gridReached(journey, 'METER_APPOINTMENT') ? (grid.status === 'METER_APPOINTMENT' ? grid.since : (grid.meterSetAt ?? grid.since)) : null;
    case 'METER_SET':
      return grid.status === 'METER_SET' ? (grid.meterSetAt ?? grid.since) : null;
    case 'MASTR_REGISTERED':
      return journey.mastr.status === 'REGISTERED' ? journey.mastr.registeredAt : null;
    default:
      return null;
  }
}

/** The first day of the 60 % feed-in cap (Solarspitzengesetz, EEG 2023 § 9): older plants never had it. */
const CAP_FROM_DAY = '2025-02-25';

/** Why a step does not apply to this project (its note), or null when it does. */
function notApplicable(journey: Journey, step: AfterCommissioningStep): string | null {
  const generating = journey.mastr.required;
  switch (step) {
    case 'CAP_LIFTED':
      if (!generating) return 'Ohne Solaranlage gibt es keine Einspeisegrenze.';
      return journey.commissionedAt && berlinDay(new Date(journey.commissionedAt)) < CAP_FROM_DAY
        ? 'Die 60-%-Grenze gilt erst für Anlagen, die ab dem 25.02.2025 in Betrieb gegangen sind.'
        : null;
    case 'MASTR_REGISTERED':
      return generating ? null : 'Für Deine Anlage ist keine Registrierung im Marktstammdatenregister nötig.';
    case 'FIRST_PAYMENT':
      return generating ? null : 'Ohne Solaranlage gibt es keine Einspeisevergütung.';
    default:
      return null;
  }
}

const later = (a: string, b: string | null) => (b && Date.parse(b) > Date.parse(a) ? b : a);

/** The next step after `done` starts at `at`, waiting on its usual party (the MaStR: on whoever registers). */
function startAfter(journey: Journey, index: number, at: string): void {
  const next = journey.afterCommissioning[index + 1];
  if (!next) return;
  next.status = 'ACTIVE';
  next.startedAt = at;
  next.waitingFor = AFTER_COMMISSIONING_PARTY[next.step];
  if (next.step === 'MASTR_REGISTERED' && journey.mastr.authorization === 'SKIPPED') next.waitingFor = 'CUSTOMER';
  if (next.step === 'METER_SET') {
    const appointment = journey.appointments.find((a) => a.kind === 'METER' && a.status !== 'CANCELLED' && a.status !== 'DONE');
    next.plannedOn = appointment ? berlinDay(new Date(appointment.start)) : next.plannedOn;
  }
}

function finishAfter(journey: Journey, index: number, status: 'DONE' | 'SKIPPED', at: string): void {
  const step = journey.afterCommissioning[index] as AfterStep;
  step.status = status;
  step.completedAt = status === 'DONE' ? at : null;
  step.waitingFor = null;
  // The next one cannot have started before this one did.
  startAfter(journey, index, later(at, step.startedAt));
}

/**
 * Keeps the steps after commissioning in line with the rest of the journey: they begin with commissioning, and a
 * step whose fact is already true (completion notice reported, meter appointment or meter set at the grid operator,
 * MaStR registered) is through at the moment it became true; one that does not apply (no cap before 25.02.2025, no
 * MaStR and no payment without a generating unit) is skipped with a note. Called after every change.
 */
export function settleAfterCommissioning(journey: Journey, now: string): void {
  if (!journey.commissionedAt) return;
  if (journey.afterCommissioning.length === 0) {
    journey.afterCommissioning = AFTER_COMMISSIONING_STEPS.map((step, i) => ({
      step,
      status: i === 0 ? 'ACTIVE' : 'UPCOMING',
      waitingFor: i === 0 ? AFTER_COMMISSIONING_PARTY[step] : null,
      startedAt: i === 0 ? journey.commissionedAt : null,
      completedAt: null,
      plannedOn: null,
      note: null,
    }));
  }
  for (;;) {
    const index = journey.afterCommissioning.findIndex((s) => s.status === 'ACTIVE');
    const active = journey.afterCommissioning[index];
    if (!active) return;
    const skip = notApplicable(journey, active.step);
    if (skip) {
      active.note = skip;
      finishAfter(journey, index, 'SKIPPED', active.startedAt ?? now);
      continue;
    }
    const done = alreadyDone(journey, active.step);
    if (!done) return;
    finishAfter(journey, index, 'DONE', done);
  }
}

/** A day the tester names (`YYYY-MM-DD`, Berlin) as an instant: now for today, otherwise 10:00 that day. */
function instantOf(dayText: string | undefined, now: string): string {
  if (!dayText || dayText === berlinDay(new Date(now))) return now;
  return berlinInstant(dayText, 10, 0);
}

const germanDay = (dayText: string) => dayText.split('-').reverse().join('.');

/**
 * The tester's (back office's) "done" for the active step after commissioning, on a day of their choice (today when
 * none): the grid operator's case and the MaStR follow (the meter appointment on `appointmentOn`, two weeks later when
 * none), the meter set also ends the assembly. A day in the future or before the step began is refused.
 */
export function advanceAfterCommissioning(journey: Journey, now: string, input: { on?: string | undefined; appointmentOn?: string | undefined } = {}): void {
  if (!journey.commissionedAt) throw new JourneyConflict('Die Anlage ist noch nicht in Betrieb genommen.');
  const index = journey.afterCommissioning.findIndex((s) => s.status === 'ACTIVE');
  const active = journey.afterCommissioning[index];
  if (!active) throw new JourneyConflict('Nach der Inbetriebnahme ist schon alles erledigt.');
  const today = berlinDay(new Date(now));
  if (input.on && input.on > today) throw new JourneyConflict(`Der ${germanDay(input.on)} liegt in der Zukunft. Bitte wähle heute oder einen Tag davor.`);
  const began = active.startedAt ? berlinDay(new Date(active.startedAt)) : null;
  if (input.on && began && input.on < began) {
    throw new JourneyConflict(`Der Schritt begann erst am ${germanDay(began)}. Bitte wähle diesen Tag oder einen späteren.`);
  }
  const at = instantOf(input.on, now);
  const doneOn = berlinDay(new Date(at));
  if (input.appointmentOn && active.step === 'METER_APPOINTMENT' && input.appointmentOn < doneOn) {
    throw new JourneyConflict(`Der Zählertermin kann nicht vor dem ${germanDay(doneOn)} liegen.`);
  }
  switch (active.step) {
    case 'COMPLETION_NOTICE':
      if (!gridReached(journey, 'COMMISSIONING_REPORTED')) setGrid(journey, 'COMMISSIONING_REPORTED', at);
      break;
    case 'METER_APPOINTMENT': {
      const target = input.appointmentOn ?? addDays(doneOn, 14);
      const appointment = journey.appointments.find((a) => a.kind === 'METER' && a.status !== 'CANCELLED' && a.status !== 'DONE');
      const window = { start: berlinInstant(target, 8, 0), end: berlinInstant(target, 12, 0) };
      if (appointment) Object.assign(appointment, window, { status: 'CONFIRMED' });
      else journey.appointments.push({ kind: 'METER', ...window, status: 'CONFIRMED', representative: null });
      if (!gridReached(journey, 'METER_APPOINTMENT')) setGrid(journey, 'METER_APPOINTMENT', at);
      const main = activeStep(journey);
      if (main?.step === 'ASSEMBLY_CONCLUSION') main.waitingFor = 'METER_OPERATOR';
      break;
    }
    case 'METER_SET': {
      if (journey.gridOperator.status !== 'METER_SET') setGrid(journey, 'METER_SET', at);
      // The assembly conclusion ends with the meter set (its own rules register the MaStR when authorised).
      const main = activeStep(journey);
      if (main?.step === 'ASSEMBLY_CONCLUSION') finishStep(journey, main, 'DONE', at);
      break;
    }
    case 'MASTR_REGISTERED':
      if (journey.mastr.required && journey.mastr.status !== 'REGISTERED') {
        // Who registered: the customer who declined the authorization, else the installer.
        journey.mastr.registeredBy ??= journey.mastr.authorization === 'SKIPPED' ? 'CUSTOMER' : 'INSTALLER';
        changeMastr(journey, { registered: true }, at);
      }
      break;
    default:
      break;
  }
  // Steps a side effect already settled (e.g. the MaStR with the assembly) are through by then.
  if (active.status === 'ACTIVE') finishAfter(journey, index, 'DONE', at);
  settleAfterCommissioning(journey, now);
}

/** The tester says who the active step after commissioning waits on (e.g. the register checks the MaStR entry). */
export function setAfterWaitingFor(journey: Journey, waitingFor: (typeof AFTER_WAITING_FOR)[number]): void {
  const active = journey.afterCommissioning.find((s) => s.status === 'ACTIVE');
  if (!active) throw new JourneyConflict('Nach der Inbetriebnahme ist kein Schritt offen.');
  active.waitingFor = waitingFor;
}
