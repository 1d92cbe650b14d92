import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { ManagementConflict, type ManagedJourney, type ManagementJourneys } from '../ports/management-service.ts';
import { createJsonClient } from './json-client.ts';

const iso = z.string().nullable();
const JourneySchema = z.object({
  steps: z.array(
    z.object({
      step: z.string(),
      status: z.enum(['DONE', 'SKIPPED', 'ACTIVE', 'UPCOMING']),
      waitingFor: z.enum(['CUSTOMER', 'INSTALLER', 'GRID_OPERATOR', 'METER_OPERATOR']).nullable(),
      startedAt: iso,
      completedAt: iso,
      expectedOn: iso,
      note: z.string().nullable(),
      customerRequest: z.object({ text: z.string(), at: z.string() }).nullable().default(null),
    }),
  ),
  appointments: z.array(
    z.object({
      kind: z.enum(['DELIVERY', 'DC', 'AC', 'METER']),
      start: z.string(),
      end: z.string(),
      status: z.enum(['PLANNED', 'CONFIRMED', 'DONE', 'CANCELLED']),
      representative: z.string().nullable(),
    }),
  ),
  gridOperator: z.object({
    name: z.string(),
    caseNumber: z.string().nullable(),
    status: z.string(),
    since: iso,
    documentsCompleteAt: iso,
    requestedInformation: z.object({ text: z.string(), from: z.enum(['CUSTOMER', 'INSTALLER']), at: z.string() }).nullable(),
    gridCheckResult: z.enum(['POSITIVE', 'WITH_CONDITIONS']).nullable(),
    meterOrderedAt: iso,
    meterSetAt: iso,
  }),
  mastr: z.object({
    status: z.enum(['NOT_REGISTERED', 'REGISTERED', 'MOVE_REQUESTED']),
    required: z.boolean(),
    authorization: z.enum(['OPEN', 'SIGNED', 'SKIPPED']),
    registeredBy: z.enum(['INSTALLER', 'CUSTOMER']).nullable(),
    registeredAt: iso,
    operatorNumber: z.string().nullable(),
    unitNumbers: z.array(z.string()),
    moveNeeded: z.boolean(),
    moveRequestedAt: iso,
    transferSupportCode: z.string().nullable().default(null),
  }),
  contactPerson: z.object({ name: z.string(), role: z.string(), phone: z.string(), email: z.string() }),
  peakPowerKw: z.number().nullable(),
  commissionedAt: iso,
  // Older services send no steps after commissioning; unknown step names are left out by the view.
  afterCommissioning: z
    .array(
      z.object({
        step: z.string(),
        status: z.enum(['DONE', 'SKIPPED', 'ACTIVE', 'UPCOMING']),
        waitingFor: z.enum(['CUSTOMER', 'INSTALLER', 'GRID_OPERATOR', 'METER_OPERATOR', 'REGISTER']).nullable().catch(null),
        startedAt: iso,
        completedAt: iso,
        plannedOn: iso.default(null),
        note: z.string().nullable().default(null),
      }),
    )
    .default([]),
  preferences: z.object({
    contactPhone: z.string().nullable(),
    preferredAppointmentTimes: z
      .object({ weekdays: z.array(z.number()), timeOfDay: z.enum(['MORNING', 'AFTERNOON', 'ANY']), note: z.string().nullable() })
      .nullable(),
  }),
});
const SignatureAnswerSchema = z.object({ journey: JourneySchema });

/** The journey part of the installer's management service (same REST API and token as the projects). */
export function createHttpManagementJourneys(endpoint: ServiceEndpoint): ManagementJourneys {
  const client = createJsonClient(endpoint);
  const conflict = { 409: (detail: string | undefined) => new ManagementConflict(detail ?? 'conflict') };
  const base = (projectId: number) => `/projects/${encodeURIComponent(String(projectId))}`;
  return {
    async journey(projectId): Promise<ManagedJourney | null> {
      return client.request(`${base(projectId)}/journey`, { schema: JourneySchema, nullOn404: true });
    },
    async customerAction(projectId, action, userId) {
      return client.request(`${base(projectId)}/actions`, { method: 'POST', json: { action, portalUserId: userId }, schema: JourneySchema, errorOn: conflict });
    },
    async recordSignature(projectId, { userId, ...signature }) {
      const answer = await client.request(`${base(projectId)}/signatures`, {
        method: 'POST',
        json: { ...signature, portalUserId: userId },
        schema: SignatureAnswerSchema,
        errorOn: conflict,
      });
      return answer.journey;
    },
    async updatePreferences(projectId, preferences) {
      return client.request(`${base(projectId)}/preferences`, { method: 'PATCH', json: preferences, schema: JourneySchema.shape.preferences, errorOn: conflict });
    },
    async recordMastrMove(projectId, move) {
      return client.request(`${base(projectId)}/mastr/move`, { method: 'POST', json: move, schema: JourneySchema, errorOn: conflict });
    },
    async recordMastrRegistration(projectId, registration) {
      return client.request(`${base(projectId)}/mastr/registration`, { method: 'POST', json: registration, schema: JourneySchema, errorOn: conflict });
    },
  };
}
