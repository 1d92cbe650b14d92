import express, { type Response } from 'express';
import { sendPage } from '../shared/html.ts';
import { isSameOrigin } from '../shared/stand-in.ts';
import type { MailStore } from './store.ts';
import { MAILBOX_CSP, mailPage, mailboxPage, notFoundPage } from './views.ts';

const sendHtml = (res: Response, html: string, status = 200) => sendPage(res, html, { status, csp: MAILBOX_CSP });

/**
 * The web mailbox (`/mailbox`) and its JSON API for automated tests (`/mailbox/api/messages`).
 * `smtpPort()` is read per request so the page names the real port even when it was chosen by the OS.
 */
export function createMailboxRouter(store: MailStore, options: { smtpPort: () => number; debug?: boolean }): express.Router {
  const router = express.Router();

  router.get('/api/messages', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.set('Cache-Control', 'no-store').json({ messages: store.list({ to }) });
  });

  router.get('/api/messages/:id', (req, res) => {
    const mail = store.get(req.params.id);
    if (!mail) {
      res.status(404).json({ code: 'MAIL.NOT_FOUND', message: 'E-Mail nicht gefunden' });
      return;
    }
    res.set('Cache-Control', 'no-store').json(mail);
  });

  router.delete('/api/messages', async (_req, res) => {
    await store.clear();
    res.status(204).end();
  });

  router.get('/', (req, res) => {
    sendHtml(res, mailboxPage({ mails: store.list(), basePath: req.baseUrl, smtpPort: options.smtpPort(), debug: options.debug ?? false }));
  });

  router.post('/clear', async (req, res) => {
    // A cross-site form must not be able to empty the mailbox; browsers send Origin on every form POST.
    if (!isSameOrigin(req)) {
      res.status(403).type('text/plain').send('Fremde Herkunft – abgelehnt.');
      return;
    }
    await store.clear();
    res.redirect(303, req.baseUrl);
  });

  router.get('/:id', (req, res) => {
    const mail = store.get(req.params.id);
    if (!mail) {
      sendHtml(res, notFoundPage(req.baseUrl), 404);
      return;
    }
    sendHtml(res, mailPage({ mail, basePath: req.baseUrl }));
  });

  return router;
}
