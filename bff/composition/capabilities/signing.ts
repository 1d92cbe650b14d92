import { signingData } from '../../db/repositories/account-data.repository.ts';
import { createSigningEnvelopeRepository } from '../../db/repositories/signing-envelopes.repository.ts';
import { createSigningService } from '../../domain/signing/signing.service.ts';
import { esignWebhookRoutes, signingRoutes } from '../../http/routes/signing.routes.ts';
import { countingSignatures } from '../../observability/business-events.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    signing: ReturnType<typeof createSigningService>;
  }
}

/** Signing the journey's documents at the e-signature service (docs/journey.md). */
export const signingCapability = defineCapability({
  name: 'signing',
  needs: [],
  build: ({ adapters, knex, projects, upstreamCache, archivePdf, config, warn }) => ({
    signing: createSigningService({
      projects,
      projectChanged: (projectId) => upstreamCache.invalidateProject(projectId),
      journeys: adapters.journeys,
      eSignature: adapters.eSignature,
      envelopes: countingSignatures(createSigningEnvelopeRepository(knex)),
      archive: ({ envelopeId, ...pdf }) => archivePdf({ ...pdf, externalId: `envelope:${envelopeId}` }),
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  routers: [
    ['machine', esignWebhookRoutes],
    ['internal', signingRoutes],
  ],
  accountData: ({ knex }) => [signingData(knex)],
});
