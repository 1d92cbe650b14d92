import { Router } from 'express';
import * as z from 'zod/mini';
import { NEWSLETTER_API, NewsletterEventSchema, NewsletterSubscriptionSchema } from '../../contracts/newsletter.ts';
import { formActions, fromOf, textField, withParams } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const route = (path: string) => `/${path}`;

/**
 * The newsletter on the internal base (docs/account.md "Newsletter"): the marketing-service contact (isSubscribed,
 * isNewsletterBannerSeen), its events (the banner's island), and `POST /user/newsletter` (the settings' switch and the
 * banner's plain forms; 303 back to the page).
 */
export function newsletterRoutes(deps: RouteDeps): Router {
  const { newsletter } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.get(route(NEWSLETTER_API.contact), async (req, res) => {
    res.json(await newsletter.state(signedIn(req)));
  });

  router.post(route(NEWSLETTER_API.event), async (req, res) => {
    const { eventName } = z.parse(NewsletterEventSchema, req.body ?? {});
    res.json(await newsletter.event(signedIn(req), eventName));
  });

  router.post(
    route(NEWSLETTER_API.subscription),
    action({
      form: 'newsletter',
      page: (req) => fromOf(req, '/home/app/settings'),
      input: (req, { plain }) => {
        if (!plain) return z.parse(NewsletterSubscriptionSchema, req.body ?? {}).subscribed;
        const subscribed = textField(req, 'subscribed');
        return z.parse(NewsletterSubscriptionSchema, { subscribed: subscribed === 'true' ? true : subscribed === 'false' ? false : subscribed }).subscribed;
      },
      run: async (wanted, { req }) => ({ wanted, state: await newsletter.setSubscribed(signedIn(req), wanted) }),
      json: (res, { state }) => res.json(state),
      done: ({ wanted }, { req }) => withParams(fromOf(req, '/home/app/settings'), { done: wanted ? 'NEWSLETTER_SUBSCRIBED' : 'NEWSLETTER_UNSUBSCRIBED' }),
    }),
  );

  return router;
}
