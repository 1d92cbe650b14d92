import { JOURNEY_STEPS } from '../../contracts/projects.ts';
import type { ManagedJourney } from '../../ports/management-service.ts';

const STEPS = JOURNEY_STEPS;

/** A management-service journey for tests: steps before `activeIndex` done, that one active, the rest to come. */
export function managedJourney(activeIndex: number, overrides: Partial<ManagedJourney> = {}, waitingFor: ManagedJourney['steps'][number]['waitingFor'] = 'CUSTOMER'): ManagedJourney {
  return {
    steps: STEPS.map((step, i) => ({
      step,
      status: i < activeIndex ? 'DONE' : i === activeIndex ? 'ACTIVE' : 'UPCOMING',
      waitingFor: i === activeIndex ? waitingFor : null,
      startedAt: i <= activeIndex ? '2026-11-01T09:00:00.000Z' : null,
      completedAt: i < activeIndex ? '2026-11-02T09:00:00.000Z' : null,
      expectedOn: i >= activeIndex ? '2026-12-15' : null,
      note: null,
      customerRequest: null,
    })),
    appointments: [],
    gridOperator: {
      name: 'Netz Leipzig GmbH',
      caseNumber: null,
      status: 'NOT_STARTED',
      since: null,
      documentsCompleteAt: null,
      requestedInformation: null,
      gridCheckResult: null,
      meterOrderedAt: null,
      meterSetAt: null,
    },
    mastr: {
      status: 'NOT_REGISTERED',
      required: true,
      authorization: 'OPEN',
      registeredBy: null,
      registeredAt: null,
      operatorNumber: null,
      unitNumbers: [],
      moveNeeded: false,
      moveRequestedAt: null,
      transferSupportCode: null,
    },
    contactPerson: { name: 'Sabine Krüger', role: 'Projektleiterin', phone: '+49 341 1', email: 's@example.de' },
    peakPowerKw: 9.8,
    commissionedAt: null,
    afterCommissioning: [],
    preferences: { contactPhone: null, preferredAppointmentTimes: null },
    ...overrides,
  };
}
