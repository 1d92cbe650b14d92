import {
  GRID_STATES,
  MOVE_MASTR_PATH,
  MY_PROJECT_PATH,
  STEP_PAGES,
  isJourneyStep,
  phaseOfStep,
  type Appointment,
  type GridState,
  type JourneyStep,
  type JourneyStepView,
  type NextAction,
  type ProjectJourney,
} from '../../contracts/journey.ts';
import { JOURNEY_STEPS, type ProjectSummary } from '../../contracts/projects.ts';
import type { EmbeddedSigningType, SignedDocument } from '../../contracts/signing.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';
import { berlinToday } from '../berlin-time.ts';
import { afterCommissioningOf } from './after-commissioning.ts';
import { deadlinesOf } from './deadlines.ts';

const isGridState = (state: string): state is GridState => (GRID_STATES as readonly string[]).includes(state);

/** The step of each representative power of attorney, and the appointment it is for. */
export const REPRESENTATIVE_STEP = { DC_REPRESENTATIVE_POA: 'DC', AC_REPRESENTATIVE_POA: 'AC' } as const;
const REPRESENTATIVE_TYPE_OF = { DC: 'DC_REPRESENTATIVE_POA', AC: 'AC_REPRESENTATIVE_POA' } as const satisfies Record<string, EmbeddedSigningType>;

function stepsOf(journey: ManagedJourney): JourneyStepView[] {
  const byStep = new Map(journey.steps.filter((s) => isJourneyStep(s.step)).map((s) => [s.step as JourneyStep, s]));
  return JOURNEY_STEPS.map((step): JourneyStepView => {
    const vendor = byStep.get(step);
    const state = vendor?.status === 'ACTIVE' ? 'CURRENT' : (vendor?.status ?? 'UPCOMING');
    return {
      step,
      phase: phaseOfStep(step),
      state,
      waitingFor: state === 'CURRENT' ? (vendor?.waitingFor ?? 'INSTALLER') : null,
      startedAt: vendor?.startedAt ?? null,
      completedAt: vendor?.completedAt ?? null,
      expectedOn: state === 'DONE' || state === 'SKIPPED' ? null : (vendor?.expectedOn ?? null),
      note: vendor?.note ?? null,
      customerRequest: state === 'CURRENT' && vendor?.waitingFor === 'CUSTOMER' ? (vendor.customerRequest ?? null) : null,
      href: STEP_PAGES[step],
    };
  });
}

/** The customer's open actions, demanded ones first (facts: docs/journey.md; decisions: docs/journey.md "Actions"). */
export function actionsOf(
  projectId: number,
  journey: ManagedJourney,
  steps: JourneyStepView[],
  signed: ReadonlySet<EmbeddedSigningType>,
  today: string,
): NextAction[] {
  const current = steps.find((s) => s.state === 'CURRENT');
  const actions: NextAction[] = [];
  const action = (a: Omit<NextAction, 'projectId' | 'optional' | 'signingType' | 'dueOn' | 'request'> & Partial<NextAction>) =>
    actions.push({ projectId, optional: false, signingType: null, dueOn: null, request: null, ...a });

  if (current?.waitingFor === 'CUSTOMER') {
    // A step waiting on the customer always says what is needed: its own action (with the installer's words, if
    // any), the representative power of attorney where it applies, otherwise the installer's request, answered by
    // message. Never a "Wartet auf Dich" with nothing to do.
    const dueOn = current.expectedOn;
    const request = current.customerRequest?.text ?? null;
    const own = { step: current.step, href: current.href, dueOn, request };
    switch (current.step) {
      case 'OFFER_CONFIRMATION':
        action({ kind: 'CONFIRM_ORDER', ...own });
        break;
      case 'POWER_OF_ATTORNEY':
        action({ kind: 'SIGN', signingType: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY', ...own });
        break;
      case 'POWER_OF_ATTORNEY_MASTR':
        action({ kind: 'SIGN', signingType: 'MARKET_REGISTER_AUTHORIZATION', ...own });
        break;
      case 'DELIVERY':
        action({ kind: 'CONFIRM_DELIVERY', ...own });
        break;
      case 'DC':
      case 'AC': {
        const type = REPRESENTATIVE_TYPE_OF[current.step];
        const held = journey.appointments.some((a) => a.kind === current.step && a.status === 'DONE');
        if (!signed.has(type) && !held) action({ kind: 'SIGN', signingType: type, ...own });
        break;
      }
      default:
        break;
    }
    if (!actions.some((a) => a.step === current.step)) action({ kind: 'ANSWER_REQUEST', ...own });
  }
  // A step after commissioning waiting on the customer says what to do too: the MaStR has its own actions below, any
  // other asks them to get in touch (docs/journey.md "After commissioning").
  const after = journey.afterCommissioning.find((s) => s.status === 'ACTIVE');
  const mastrOwnAction = after?.step === 'MASTR_REGISTERED' && journey.mastr.required && journey.mastr.status === 'NOT_REGISTERED' && (journey.mastr.moveNeeded || journey.mastr.authorization === 'SKIPPED');
  if (after?.waitingFor === 'CUSTOMER' && !mastrOwnAction && !actions.some((a) => a.kind === 'ANSWER_REQUEST')) {
    action({ kind: 'ANSWER_REQUEST', step: null, href: MY_PROJECT_PATH });
  }
  const info = journey.gridOperator.requestedInformation;
  if (journey.gridOperator.status === 'INFORMATION_REQUESTED' && info?.from === 'CUSTOMER') {
    action({ kind: 'SEND_INFORMATION', step: current?.step ?? null, href: current?.href ?? STEP_PAGES.PLANNING_CONCLUSION, request: info.text });
  }
  const mastr = journey.mastr;
  if (mastr.required && mastr.moveNeeded && mastr.status === 'NOT_REGISTERED') {
    action({ kind: 'MOVE_MASTR', step: null, href: MOVE_MASTR_PATH });
  } else if (mastr.required && mastr.authorization === 'SKIPPED' && mastr.status === 'NOT_REGISTERED' && journey.commissionedAt) {
    const due = deadlinesOf(journey, today).find((d) => d.kind === 'MASTR_REGISTRATION');
    action({ kind: 'REGISTER_MASTR', step: null, href: MOVE_MASTR_PATH, dueOn: due?.dueOn ?? null });
  }
  // Optional: a representative for an installation appointment still to come (unless it is demanded above).
  for (const [type, step] of Object.entries(REPRESENTATIVE_STEP) as [EmbeddedSigningType, JourneyStep][]) {
    const view = steps.find((s) => s.step === step);
    const appointment = journey.appointments.find((a) => a.kind === step && a.status !== 'CANCELLED' && a.status !== 'DONE');
    if (!view || view.state === 'DONE' || view.state === 'SKIPPED' || !appointment || signed.has(type)) continue;
    if (actions.some((a) => a.signingType === type)) continue;
    if (berlinToday(new Date(appointment.start)) < today) continue;
    action({ kind: 'SIGN', step, href: view.href, signingType: type, optional: true, dueOn: berlinToday(new Date(appointment.start)) });
  }
  return actions;
}

/**
 * Appointments in order, each agreeing with the steps: once its step is through (for the meter: once the meter is
 * set), a still planned appointment counts as done, and one planned for after that moment never took place, so it is
 * left out. A finished project never shows a future meter change beside "Zähler gesetzt".
 */
function settledAppointments(journey: ManagedJourney, steps: JourneyStepView[]): Appointment[] {
  const grid = journey.gridOperator;
  const finishedAt = (kind: Appointment['kind']): string | null => {
    if (kind === 'METER') return grid.meterSetAt ?? (grid.status === 'METER_SET' ? (grid.since ?? '') : null);
    const step = steps.find((s) => s.step === kind);
    return step && (step.state === 'DONE' || step.state === 'SKIPPED') ? (step.completedAt ?? '') : null;
  };
  return journey.appointments
    .flatMap((a): Appointment[] => {
      const at = finishedAt(a.kind);
      if (at === null || a.status === 'DONE' || a.status === 'CANCELLED') return [a];
      if (at !== '' && Date.parse(a.start) > Date.parse(at)) return [];
      return [{ ...a, status: 'DONE' }];
    })
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The installer's journey in the portal's shape: steps with their state, the current step, the next appointment,
 * deadlines and the customer's actions. Values the portal does not know are left out (an unknown grid state reads as
 * "not started"), so a vendor change cannot break the page.
 */
export function toProjectJourney(
  project: ProjectSummary,
  journey: ManagedJourney,
  signedDocuments: SignedDocument[],
  now: Date,
): ProjectJourney {
  const today = berlinToday(now);
  const steps = stepsOf(journey);
  const appointments = settledAppointments(journey, steps);
  const nextAppointment =
    appointments.find((a) => (a.status === 'PLANNED' || a.status === 'CONFIRMED') && Date.parse(a.end) >= now.getTime()) ?? null;
  const signed = new Set(signedDocuments.map((d) => d.type));
  const grid = journey.gridOperator;
  return {
    project,
    steps,
    current: steps.find((s) => s.state === 'CURRENT') ?? null,
    appointments,
    nextAppointment,
    gridOperator: { ...grid, status: isGridState(grid.status) ? grid.status : 'NOT_STARTED' },
    mastr: journey.mastr,
    deadlines: deadlinesOf(journey, today),
    actions: actionsOf(project.id, journey, steps, signed, today),
    contactPerson: journey.contactPerson,
    preferences: journey.preferences,
    peakPowerKw: journey.peakPowerKw,
    commissionedAt: journey.commissionedAt,
    afterCommissioning: afterCommissioningOf(journey, now),
    signedDocuments,
  };
}
