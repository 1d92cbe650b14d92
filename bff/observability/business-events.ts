import type { ActivityLogRepository } from '../domain/repositories/activity-log.ts';
import type { SigningEnvelopeRepository } from '../domain/repositories/signing-envelopes.ts';
import { metrics } from './metrics.ts';

/**
 * The business counters are taken where each action is written once (docs/observability.md "Metrics"), not at every
 * caller: sign-ins, project link requests and messages are activity-log rows; a signature is an envelope completed
 * for the first time. (Uploads are counted by the one upload parser, bff/http/uploads.ts.)
 */
export function countingActivities(repository: ActivityLogRepository): ActivityLogRepository {
  return {
    ...repository,
    async record(entry) {
      const recorded = await repository.record(entry);
      metrics.activityRecorded(entry.type);
      return recorded;
    },
  };
}

export function countingSignatures(repository: SigningEnvelopeRepository): SigningEnvelopeRepository {
  return {
    ...repository,
    async complete(envelopeId, document) {
      const first = await repository.complete(envelopeId, document);
      if (first) metrics.businessEvent('signature');
      return first;
    },
  };
}
