import {
  JOURNEY_STEPS,
  GRID_STATES,
  MOVE_MASTR_PATH,
  STEP_PAGES,
  phaseOfStep,
  type Appointment,
  type GridState,
  type JourneyStep,
  type JourneyStepView,
  type NextAction,
  type ProjectJourney,
} from '../../contracts/journey.ts';
import type { ProjectSummary } from '../../contracts/projects.ts';
import type { EmbeddedSigningType, SignedDocument } from '../../contracts/signing.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';
import { berlinToday } from '../monitoring/periods.ts';
import { deadlinesOf } from './deadlines.ts';

const isJourneyStep = (step: string): step is JourneyStep => (JOURNEY_STEPS as readonly string[]).includes(step);
const isGridState = (state: string): state is GridState => (GRID_STATES as readonly string[]).includes(state);

/** The step of each representative power of attorney, and the appointment it is for. */
export const REPRESENTATIVE_STEP = { DC_REPRESENTATIVE_POA: 'DC', AC_REPRESENTATIVE_POA: 'AC' } as const;

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
  const action = (a: Omit<NextAction, 'projectId' | 'optional' | 'signingType' | 'dueOn'> & Partial<NextAction>) =>
    actions.push({ projectId, optional: false, signingType: null, dueOn: null, ...a });

  if (current?.waitingFor === 'CUSTOMER') {
    const dueOn = current.expectedOn;
    switch (current.step) {
      case 'OFFER_CONFIRMATION':
        action({ kind: 'CONFIRM_ORDER', step: current.step, href: current.href, dueOn });
        break;
      case 'POWER_OF_ATTORNEY':
        action({ kind: 'SIGN', step: current.step, href: current.href, signingType: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY', dueOn });
        break;
      case 'POWER_OF_ATTORNEY_MASTR':
        action({ kind: 'SIGN', step: current.step, href: current.href, signingType: 'MARKET_REGISTER_AUTHORIZATION', dueOn });
        break;
      case 'DELIVERY':
        action({ kind: 'CONFIRM_DELIVERY', step: current.step, href: current.href, dueOn });
        break;
      default:
        break;
    }
  }
  const info = journey.gridOperator.requestedInformation;
  if (journey.gridOperator.status === 'INFORMATION_REQUESTED' && info?.from === 'CUSTOMER') {
    action({ kind: 'SEND_INFORMATION', step: current?.step ?? null, href: current?.href ?? STEP_PAGES.PLANNING_CONCLUSION });
  }
  const mastr = journey.mastr;
  if (mastr.required && mastr.moveNeeded && mastr.status === 'NOT_REGISTERED') {
    action({ kind: 'MOVE_MASTR', step: null, href: MOVE_MASTR_PATH });
  } else if (mastr.required && mastr.authorization === 'SKIPPED' && mastr.status === 'NOT_REGISTERED' && journey.commissionedAt) {
    const due = deadlinesOf(journey, today).find((d) => d.kind === 'MASTR_REGISTRATION');
    action({ kind: 'REGISTER_MASTR', step: null, href: MOVE_MASTR_PATH, dueOn: due?.dueOn ?? null });
  }
  // Optional: a representative for an installation appointment still to come.
  for (const [type, step] of Object.entries(REPRESENTATIVE_STEP) as [EmbeddedSigningType, JourneyStep][]) {
    const view = steps.find((s) => s.step === step);
    const appointment = journey.appointments.find((a) => a.kind === step && a.status !== 'CANCELLED' && a.status !== 'DONE');
    if (!view || view.state === 'DONE' || view.state === 'SKIPPED' || !appointment || signed.has(type)) continue;
    if (berlinToday(new Date(appointment.start)) < today) continue;
    action({ kind: 'SIGN', step, href: view.href, signingType: type, optional: true, dueOn: berlinToday(new Date(appointment.start)) });
  }
  return actions;
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
  const appointments: Appointment[] = [...journey.appointments].sort((a, b) => a.start.localeCompare(b.start));
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
    signedDocuments,
  };
}
