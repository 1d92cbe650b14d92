import { bool, defineConfigSlice, type SliceConfig } from '../../config.ts';
import { METER_CHANGE_PAGE_ROUTES } from '../../contracts/meter-change.ts';
import { meterChangeData } from '../../db/repositories/account-data.repository.ts';
import { createMeterChangeRepository } from '../../db/repositories/files.repository.ts';
import { createMeterChangeService } from '../../domain/meter-change/meter-change.service.ts';
import { meterChangeRoutes, meterPhotoRoutes } from '../../http/routes/meter-change.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    meterChange: ReturnType<typeof createMeterChangeService>;
  }
}

/** Its variables (docs/files.md). */
const meterChangeConfig = defineConfigSlice({
  /**
   * Uploads of the meter change request's photo (they can be switched off; docs/files.md "Uploads"). Off: the
   * form asks for the photo by message or e-mail instead, and `POST /meter-change-request/file` answers 403.
   */
  METER_CHANGE_UPLOAD: bool.default(true),
});

declare module '../../config.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CapabilityConfig extends SliceConfig<typeof meterChangeConfig> {}
}

/** The meter change: the customer's photo of the meter, also from a mailed link (docs/files.md). */
export const meterChangeCapability = defineCapability({
  name: 'meterChange',
  config: meterChangeConfig,
  needs: [],
  build: ({ adapters, knex, projects, mailLog, users, config, warn }) => ({
    meterChange: createMeterChangeService({
      projects,
      files: adapters.managementFiles,
      journey: (projectId) => adapters.journeys.journey(projectId),
      repository: createMeterChangeRepository(knex),
      mailer: adapters.mailer,
      mailLog,
      languageOf: (userId) => users.languageOf(userId),
      secret: config.sessionSecret,
      uploadEnabled: config.METER_CHANGE_UPLOAD,
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  routers: [
    ['capability', meterPhotoRoutes],
    ['app', meterChangeRoutes],
  ],
  pageRoutes: METER_CHANGE_PAGE_ROUTES,
  pages: (s, ctx) => ({ meterChange: s.meterChange.forRequest(ctx) }),
  accountData: ({ knex }) => [meterChangeData(knex)],
});
