import express, { Router, type Request } from 'express';
import * as z from 'zod/mini';
import {
  BASE_DATA_FIELDS,
  BaseDataBodySchema,
  JourneyPatchSchema,
  ONBOARDING_API,
  ONBOARDING_PAGES,
  TwoFactorConfirmSchema,
  type OnboardingStep,
} from '../../contracts/onboarding.ts';
import { answerForm, fieldsOf, fromOf, isForm, redirect303, returnToOf, saveSession, textField, withParams } from '../form-answers.ts';
import { withFormFlash } from '../form-flash.ts';
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
 * Onboarding on the internal base (issue 17): the two-factor code (send, confirm), the base data, the tour and the
 * journey status (spec section 7, `PATCH /user/journey`). Each takes JSON from a script or the onboarding pages'
 * plain forms (303 to the next step or the page the customer wanted); each step updates the session, which the page
 * guard reads.
 */
export function onboardingRoutes({ services: { onboarding }, config }: RouteDeps): Router {
  const portalOrigin = new URL(config.publicUrl).origin;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });

  router.post(route(ONBOARDING_API.twoFactorSend), form, async (req, res) => {
    const user = signedIn(req);
    if (isForm(req)) {
      const from = fromOf(req, ONBOARDING_PAGES['two-factor']);
      await answerForm(res, withParams(from, { returnTo: returnToOf(req) }), async () => {
        await onboarding.sendTwoFactorCode(user);
        return withParams(from, { returnTo: returnToOf(req), done: 'CODE_SENT' });
      });
      return;
    }
    const sent = await onboarding.sendTwoFactorCode(user);
    res.json({ resendAvailableAt: sent.resendAvailableAt.toISOString() });
  });

  router.post(route(ONBOARDING_API.twoFactorConfirm), form, async (req, res) => {
    const user = signedIn(req);
    if (isForm(req)) {
      const returnTo = returnToOf(req);
      await answerForm(res, withParams(ONBOARDING_PAGES['two-factor'], { returnTo }), async () => {
        const { code } = z.parse(TwoFactorConfirmSchema, { code: textField(req, 'code') });
        const step = await onboarding.confirmTwoFactor(user, code);
        markVerified(req);
        await setOnboarding(req, step);
        return nextPath(step, returnTo);
      });
      return;
    }
    const { code } = z.parse(TwoFactorConfirmSchema, req.body ?? {});
    const step = await onboarding.confirmTwoFactor(user, code);
    markVerified(req);
    await setOnboarding(req, step);
    res.json({ next: nextPath(step, returnToOf(req)) });
  });

  router.post(route(ONBOARDING_API.baseData), form, async (req, res) => {
    const user = signedIn(req);
    const save = async (input: Record<string, unknown>) => {
      const { data, step } = await onboarding.saveBaseData(user, input);
      req.session.user = { ...user, firstName: data.firstName, lastName: data.lastName };
      await setOnboarding(req, step);
      return { data, step };
    };
    if (isForm(req)) {
      const fields = fieldsOf(req);
      // Only the form's own fields (mass assignment). What was typed goes back with an error through the form flash
      // (the session), so nothing is lost and no name, phone or address ends up in an address.
      const input = Object.fromEntries(BASE_DATA_FIELDS.map((name) => [name, typeof fields[name] === 'string' ? fields[name] : '']));
      const from = fromOf(req, ONBOARDING_PAGES['base-data']);
      const returnTo = returnToOf(req);
      await answerForm(res, withParams(from, { returnTo: from === ONBOARDING_PAGES['base-data'] ? returnTo : undefined }), () =>
        withFormFlash(req, from, input, async () => {
          const { step } = await save(input);
          return from === ONBOARDING_PAGES['base-data'] ? nextPath(step, returnTo) : withParams(from, { done: 'BASE_DATA_SAVED' });
        }),
      );
      return;
    }
    const body = z.parse(BaseDataBodySchema, req.body ?? {});
    const { data, step } = await save(body);
    res.json({ baseData: data, next: nextPath(step, returnToOf(req)) });
  });

  router.post(route(ONBOARDING_API.tour), form, async (req, res) => {
    const user = signedIn(req);
    const step = await onboarding.tourSeen(user);
    await setOnboarding(req, step);
    if (isForm(req)) {
      redirect303(res, nextPath(step, returnToOf(req)));
      return;
    }
    res.json({ next: nextPath(step, returnToOf(req)) });
  });

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
 * `PATCH /user/journey` (spec section 7) on the `account` mount: customers and leads alike move their journey status,
 * only forward (the lead phase's contact details and tour use the lead values, issue 18).
 */
export function journeyStatusRoutes({ services: { onboarding } }: RouteDeps): Router {
  const router = Router();
  router.patch(route(ONBOARDING_API.journey), async (req, res) => {
    const { journeyStatus } = z.parse(JourneyPatchSchema, req.body ?? {});
    res.json({ journeyStatus: await onboarding.patchJourney(signedIn(req), journeyStatus) });
  });
  return router;
}
