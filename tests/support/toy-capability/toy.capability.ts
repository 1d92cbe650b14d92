import { Router } from 'express';
import { z } from 'zod';
import { defineCapability } from '~/bff/composition/capability.ts';
import { defineConfigSlice, type SliceConfig } from '~/bff/config.ts';
import { message } from '~/bff/contracts/message-text.ts';
import type { JobSpec } from '~/bff/domain/jobs/job.ts';
import type { RequestContext } from '~/bff/domain/request-context.ts';
import type { RouteDeps } from '~/bff/http/route-deps.ts';
import { signedIn } from '~/bff/http/signed-in.ts';
import { TOY_PAGE_ROUTES } from './toy.contract.ts';

/**
 * A toy capability that proves the shape (docs/architecture.md "Adding a capability"): a route, a page (its contract,
 * ./toy.contract.ts, and its messages, ./messages.{de,en}.json), a page service, a job, a notification and a variable
 * of its own, declared in this folder and added to the portal by one entry in a capability list. The test portal
 * takes it as `extraCapabilities`; the portal itself never loads it.
 */
function createToyService(now: () => Date, greeting: string) {
  const greeted: string[] = [];
  return {
    greet: (userId: string) => (greeted.push(userId), { greeting, userId }),
    /** Who was greeted, as the job counts it. */
    greeted: () => [...greeted],
    forRequest: (ctx: RequestContext) => ({ greeting: async () => (ctx.user ? `Hallo ${ctx.user.firstName}` : null) }),
    now,
  };
}

type ToyService = ReturnType<typeof createToyService>;

const DEFAULT_GREETING = 'Hallo vom Spielzeug';

/** Its own variable (docs/architecture.md "Configuration slices"). */
const toyConfig = defineConfigSlice({
  /** What its route answers. */
  TOY_GREETING: z.string().min(1).default(DEFAULT_GREETING),
});

declare module '../../../bff/config.ts' {
  /** Partial, like its services: present only in tests that add the toy capability. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CapabilityConfig extends Partial<SliceConfig<typeof toyConfig>> {}
}

declare module '../../../bff/composition/capability-services.ts' {
  interface CapabilityServices {
    /** Only in tests that add the toy capability. */
    toy?: ToyService;
  }
}

declare module '../../../bff/contracts/page-services.ts' {
  interface PortalServices {
    /** Only in tests that add the toy capability. */
    toy?: ReturnType<ToyService['forRequest']>;
  }
}

export const toyJob: JobSpec<{ toy: ToyService }> = {
  name: 'toy-count',
  description: 'Zählt die Begrüßungen des Spielzeugs.',
  retryLimit: 0,
  retryDelaySeconds: 1,
  run: async ({ toy }) => ({ greeted: toy.greeted().length, at: toy.now().toISOString() }),
};

function toyRoutes({ services: { toy } }: RouteDeps): Router {
  const router = Router();
  router.get('/toy/greeting', (req, res) => {
    res.json(toy?.greet(signedIn(req).id));
  });
  return router;
}

export const toyCapability = defineCapability({
  name: 'toy',
  config: toyConfig,
  needs: [],
  build: ({ now, config }) => ({ toy: createToyService(now, config.TOY_GREETING ?? DEFAULT_GREETING) }),
  routers: [['internal', toyRoutes]],
  pageRoutes: TOY_PAGE_ROUTES,
  pages: (s, ctx) => ({ toy: s.toy.forRequest(ctx) }),
  jobs: (job) => [job(toyJob, (s) => ({ toy: s.toy }))],
  notifications: () => [
    async (ctx) =>
      ctx.user
        ? [{ id: 'toy:hello', type: 'UNREAD_MESSAGE' as const, projectId: null, title: message('toy.helloTitle'), text: message('toy.helloText'), href: '/home', createdAt: '2026-01-01T00:00:00.000Z' }]
        : [],
  ],
});
