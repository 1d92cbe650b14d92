import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import {
  BASE_DATA_FIELDS,
  BaseDataBodySchema,
  JourneyPatchSchema,
  ONBOARDING_API,
  ONBOARDING_PAGES,
  OnboardingErrors,
  TwoFactorConfirmSchema,
  type OnboardingStep,
} from '../../contracts/onboarding.ts';
import { formActions, fromOf, redirect303, returnToOf, saveSession, textField, withParams } from '../form-action.ts';
import { isOwnNavigation } from '../middlewares/csrf.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const route = (path: string) => `/${path}`;

/** Where the customer goes after a step: the next open step (keeping `returnTo`), or the page they wanted. */
const nextPath = (step: OnboardingStep | null, returnTo: string) => (step ? withParams(ONBOARDING_PAGES[step], { returnTo }) : returnTo);

/** The address is confirmed: the session stops showing MAIL_NOT_VERIFIED at once (the provider knows it too). */
function markVerified(req: Request) {
  if (req.session.user) req.session.user = { ...req.session.user, emailVerified: true };
}

async function setOnboarding(req: Request, step: OnboardingStep | null) {
  if (step) req.session.onboarding = step;
  else delete req.session.onboarding;
  await saveSession(req);
}

/**
 * Onboarding on the internal base (docs/account.md): the two-factor code (send, confirm), the base data, the tour and
 * the journey status (`PATCH /user/journey`). Each takes JSON from a script or the onboarding pages'
 * plain forms (303 to the next step or the page the customer wanted); each step updates the session, which the page
 * guard reads.
 */
export function onboardingRoutes(deps: RouteDeps): Router {
  const { onboarding } = deps.services;
  const portalOrigin = new URL(deps.config.publicUrl).origin;
  const action = formActions(deps);
  const router = Router();

  router.post(
    route(ONBOARDING_API.twoFactorSend),
    action({
      form: 'two-factor-send',
      page: (req) => withParams(fromOf(req, ONBOARDING_PAGES['two-factor']), { returnTo: returnToOf(req) }),
      input: () => undefined,
      run: (_input, { req }) => onboarding.sendTwoFactorCode(signedIn(req)),
      json: (res, sent) => res.json({ resendAvailableAt: sent.resendAvailableAt.toISOString() }),
      done: (_sent, { req }) => withParams(fromOf(req, ONBOARDING_PAGES['two-factor']), { returnTo: returnToOf(req), done: 'CODE_SENT' }),
    }),
  );

  router.post(
    route(ONBOARDING_API.twoFactorConfirm),
    action({
      form: 'two-factor',
      page: (req) => withParams(ONBOARDING_PAGES['two-factor'], { returnTo: returnToOf(req) }),
      // A refused one-time code is not kept: it is wrong or used up, and the mail holds the right one.
      fieldOf: Object.fromEntries(
        [OnboardingErrors.CODE_INVALID, OnboardingErrors.CODE_EXPIRED, OnboardingErrors.NO_CODE, OnboardingErrors.TOO_MANY_ATTEMPTS].map((entry) => [entry.code, 'code']),
      ),
      input: (req, { plain }) => z.parse(TwoFactorConfirmSchema, plain ? { code: textField(req, 'code') } : (req.body ?? {})).code,
      run: async (code, { req }) => {
        const step = await onboarding.confirmTwoFactor(signedIn(req), code);
        markVerified(req);
        await setOnboarding(req, step);
        return nextPath(step, returnToOf(req));
      },
      json: (res, next) => res.json({ next }),
      done: (next) => next,
    }),
  );

  router.post(
    route(ONBOARDING_API.baseData),
    action({
      form: 'base-data',
      // The onboarding page keeps where the customer wanted to go; the profile page is its own.
      page: (req) => {
        const from = fromOf(req, ONBOARDING_PAGES['base-data']);
        return withParams(from, { returnTo: from === ONBOARDING_PAGES['base-data'] ? returnToOf(req) : undefined });
      },
      // Only the form's own fields (mass assignment); what was typed goes back through the form flash (the session),
      // so nothing is lost and no name, phone or address ends up in an address.
      keep: BASE_DATA_FIELDS,
      input: (req, { plain }) =>
        plain ? Object.fromEntries(BASE_DATA_FIELDS.map((name) => [name, textField(req, name)])) : z.parse(BaseDataBodySchema, req.body ?? {}),
      run: async (input, { req }) => {
        const user = signedIn(req);
        const { data, step } = await onboarding.saveBaseData(user, input);
        req.session.user = { ...user, firstName: data.firstName, lastName: data.lastName };
        await setOnboarding(req, step);
        return { data, step };
      },
      json: (res, { data, step }, { req }) => res.json({ baseData: data, next: nextPath(step, returnToOf(req)) }),
      done: ({ step }, { req }) => {
        const from = fromOf(req, ONBOARDING_PAGES['base-data']);
        return from === ONBOARDING_PAGES['base-data'] ? nextPath(step, returnToOf(req)) : withParams(from, { done: 'BASE_DATA_SAVED' });
      },
    }),
  );

  router.post(
    route(ONBOARDING_API.tour),
    action({
      form: 'tour',
      page: (req) => withParams(ONBOARDING_PAGES.tour, { returnTo: returnToOf(req) }),
      input: () => undefined,
      run: async (_input, { req }) => {
        const step = await onboarding.tourSeen(signedIn(req));
        await setOnboarding(req, step);
        return nextPath(step, returnToOf(req));
      },
      json: (res, next) => res.json({ next }),
      done: (next) => next,
    }),
  );

  /**
   * "Weiter" on an onboarding page whose step is done already (e.g. finished in another browser): the session learns
   * the real state and the customer goes on. Started by another site (a GET can be), it only leads on: the session
   * is not written.
   */
  router.get(route('user/onboarding/continue'), async (req, res) => {
    const user = signedIn(req);
    const step = await onboarding.stepOf(user.id);
    if (isOwnNavigation(req, portalOrigin)) await setOnboarding(req, step);
    redirect303(res, nextPath(step, returnToOf(req)));
  });

  return router;
}

/**
 * `PATCH /user/journey` on the `account` mount: customers and leads alike move their journey status, only forward
 * (the lead phase's contact details and tour use the lead values; docs/funnel.md "The lead phase").
 */
export function journeyStatusRoutes({ services: { onboarding } }: RouteDeps): Router {
  const router = Router();
  router.patch(route(ONBOARDING_API.journey), async (req, res) => {
    const { journeyStatus } = z.parse(JourneyPatchSchema, req.body ?? {});
    res.json({ journeyStatus: await onboarding.patchJourney(signedIn(req), journeyStatus) });
  });
  return router;
}
