import express, { Router } from 'express';
import * as z from 'zod/mini';
import { NEWSLETTER_API, NewsletterEventSchema, NewsletterSubscriptionSchema } from '../../contracts/newsletter.ts';
import { answerForm, fromOf, isForm, textField, withParams } from '../form-answers.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const route = (path: string) => `/${path}`;

/**
 * The newsletter on the internal base (spec section 7): the marketing-service contact (isSubscribed,
 * isNewsletterBannerSeen), its events (the banner's island), and `POST /user/newsletter` (the settings' switch and the
 * banner's plain forms; 303 back to the page).
 */
export function newsletterRoutes({ services: { newsletter } }: RouteDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '2kb' });

  router.get(route(NEWSLETTER_API.contact), async (req, res) => {
    res.json(await newsletter.state(signedIn(req)));
  });

  router.post(route(NEWSLETTER_API.event), async (req, res) => {
    const { eventName } = z.parse(NewsletterEventSchema, req.body ?? {});
    res.json(await newsletter.event(signedIn(req), eventName));
  });

  router.post(route(NEWSLETTER_API.subscription), form, async (req, res) => {
    const user = signedIn(req);
    if (isForm(req)) {
      const from = fromOf(req, '/home/app/settings');
      await answerForm(res, from, async () => {
        const subscribed = textField(req, 'subscribed');
        const { subscribed: wanted } = z.parse(NewsletterSubscriptionSchema, { subscribed: subscribed === 'true' ? true : subscribed === 'false' ? false : subscribed });
        await newsletter.setSubscribed(user, wanted);
        return withParams(from, { done: wanted ? 'NEWSLETTER_SUBSCRIBED' : 'NEWSLETTER_UNSUBSCRIBED' });
      });
      return;
    }
    const { subscribed } = z.parse(NewsletterSubscriptionSchema, req.body ?? {});
    res.json(await newsletter.setSubscribed(user, subscribed));
  });

  return router;
}
