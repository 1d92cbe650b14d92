import express, { type Response } from 'express';
import { z } from 'zod';
import { badRequest, controlGuard, controlJson, createStandIn, isSameOrigin, notFound } from '../shared/stand-in.ts';
import { messageOf, sendPage } from '../shared/html.ts';
import { notFoundPage, overviewPage, profilePage, reviewPage } from './pages.ts';
import type { ReviewStore } from './store.ts';

const InvitationRequestSchema = z.strictObject({
  referenceId: z.string().trim().min(1).max(64),
  locale: z.enum(['de-DE', 'en-GB']).default('de-DE'),
});
const ReviewSchema = z.strictObject({
  stars: z.coerce.number().int().min(1).max(5),
  title: z.string().trim().max(100).default(''),
  text: z.string().trim().max(2000).default(''),
});

const html = (res: Response, body: string, status = 200) => sendPage(res, body, { status });

/**
 * A review platform under `/reviews` (Trustpilot-like): the public widget rating (`GET /reviews/api/summary`), the
 * private invitation API (`/reviews/api/v1`, API key REVIEWS_API_KEY): personal invitation links per reference; the
 * German review page behind each link; the overview for testers at `/reviews/`; controls under `/reviews/_control`.
 */
export function createReviewsRouter(store: ReviewStore, options: { apiKey: string; url: string }): express.Router {
  const linkOf = (id: string) => `${options.url}/reviews/bewerten/${encodeURIComponent(id)}`;
  const standIn = createStandIn({
    apiPath: '/api/v1',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => store.reset(),
    api(api) {
      api.post('/invitation-links', express.json({ limit: '8kb' }), async (req, res) => {
        const body = InvitationRequestSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { invitation, created } = await store.invite(body.data.referenceId, body.data.locale);
        res.status(created ? 201 : 200).json({ id: invitation.id, url: linkOf(invitation.id), referenceId: invitation.referenceId, createdAt: invitation.createdAt });
      });
      api.get('/invitation-links/:id', (req, res) => {
        const invitation = store.get(req.params.id);
        if (!invitation) return notFound(res);
        res.json({ id: invitation.id, url: linkOf(invitation.id), referenceId: invitation.referenceId, reviewedAt: invitation.review?.createdAt ?? null });
      });
    },
    control(control) {
      control.get('/invitations', (_req, res) => {
        res.json({ items: store.list() });
      });
      /** A test plays the customer: a review through the invitation (reported to the portal like one from the page). */
      control.post('/invitations/:id/review', controlJson, async (req, res) => {
        const body = ReviewSchema.safeParse(req.body ?? {});
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const done = await store.review(req.params.id, body.data);
        if (done === undefined) return notFound(res);
        res.status(done ? 201 : 409).end();
      });
      control.delete('/invitations/:id', async (req, res) => {
        if (!(await store.remove(req.params.id))) return notFound(res);
        res.status(204).end();
      });
    },
  });

  const router = express.Router();
  // The widget API is public, like the platforms' widget endpoints.
  router.get('/api/summary', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ...store.summary(), profileUrl: `${options.url}/reviews/beispiel-solar`, reviewUrl: `${options.url}/reviews/beispiel-solar/bewerten` });
  });
  router.use(standIn);
  router.get(['/beispiel-solar', '/beispiel-solar/bewerten'], (req, res) => {
    html(res, profilePage(store.summary(), req.path.endsWith('bewerten')));
  });

  const pages = express.Router();
  pages.use(controlGuard);
  pages.get('/', (req, res) => {
    html(res, overviewPage(store.list(), store.summary(), messageOf(req)));
  });
  pages.get('/bewerten/:id', async (req, res) => {
    const invitation = store.get(req.params.id);
    if (!invitation) return html(res, notFoundPage(), 404);
    await store.opened(invitation.id);
    html(res, reviewPage(invitation, null));
  });
  pages.post('/bewerten/:id', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    if (!isSameOrigin(req)) return void res.status(403).type('text/plain').send('Fremde Herkunft – abgelehnt.');
    const invitation = store.get(req.params.id);
    if (!invitation) return html(res, notFoundPage(), 404);
    const body = ReviewSchema.safeParse({ stars: req.body?.stars, title: req.body?.title, text: req.body?.text });
    if (!body.success) return html(res, reviewPage(invitation, 'Bitte wähle, wie viele Sterne Du gibst.'), 400);
    await store.review(invitation.id, body.data);
    res.redirect(303, `/reviews/bewerten/${encodeURIComponent(invitation.id)}`);
  });
  router.use(pages);
  return router;
}
