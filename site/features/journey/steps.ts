import type { JourneyStep } from '~/bff/contracts/journey.ts';
import type { EmbeddedSigningType } from '~/bff/contracts/signing.ts';

/** The power of attorney a step is about (signing finishes the step). */
export const SIGNING_TYPE_OF_STEP: Partial<Record<JourneyStep, EmbeddedSigningType>> = {
  POWER_OF_ATTORNEY: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY',
  POWER_OF_ATTORNEY_MASTR: 'MARKET_REGISTER_AUTHORIZATION',
};

/** The optional representative power of attorney for an installation appointment. */
export const REPRESENTATIVE_TYPE: Partial<Record<JourneyStep, EmbeddedSigningType>> = {
  DC: 'DC_REPRESENTATIVE_POA',
  AC: 'AC_REPRESENTATIVE_POA',
};

/** The step pages' query: the envelope the provider sent the customer back with (`?signing=<id>&project=<id>`). */
export function signingReturnOf(url: URL, fallbackProjectId: number | undefined): { projectId: number; envelopeId: string } | null {
  const envelopeId = url.searchParams.get('signing');
  const projectId = Number(url.searchParams.get('project') ?? fallbackProjectId);
  if (!envelopeId || envelopeId.length > 100 || !Number.isInteger(projectId) || projectId <= 0) return null;
  return { projectId, envelopeId };
}
