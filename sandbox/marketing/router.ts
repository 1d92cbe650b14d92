import express from 'express';
import { z } from 'zod';
import { sendPage } from '../shared/html.ts';
import type { MailSender } from '../shared/mail-sender.ts';
import { badRequest, controlGuard, createStandIn, isSameOrigin, notFound } from '../shared/stand-in.ts';
import { NEWSLETTER_EVENTS, type Contact, type MarketingStore } from './store.ts';
import { optInDonePage, optInPage, testerPage } from './views.ts';

/** A contact as the API shows it (Brevo-like: attributes, `emailBlacklisted`, plus the subscription state). */
function representation(contact: Contact) {
  return {
    id: contact.id,
    email: contact.email,
    ext_id: contact.extId,
    attributes: contact.attributes,
    emailBlacklisted: contact.status === 'UNSUBSCRIBED',
    subscriptionStatus: contact.status,
    doubleOptInConfirmedAt: contact.doubleOptInConfirmedAt,
    createdAt: contact.createdAt,
    modifiedAt: contact.updatedAt,
  };
}

const EventSchema = z.strictObject({
  event_name: z.enum(NEWSLETTER_EVENTS),
  identifiers: z.strictObject({ email_id: z.email().max(254), ext_id: z.string().min(1).max(255).optional() }),
  contact_properties: z.strictObject({ FIRSTNAME: z.string().max(100).default(''), LASTNAME: z.string().max(100).default('') }).optional(),
});
const ContactUpdateSchema = z.strictObject({ attributes: z.strictObject({ EMAIL: z.email().max(254) }) });


/**
 * The e-mail/SMS marketing service as a vendor REST API under `/marketing/api/v3` (header `api-key`, Brevo-like):
 * contacts by e-mail (GET, PUT for a new address, DELETE), and events (`POST /events` with `event_name`
 * newsletter_subscribed / newsletter_unsubscribed), whose automation sends the double opt-in mail. The confirmation
 * link leads to a German page of the service (`/marketing/doi`); testers see contacts and events at `/marketing/`.
 */
export function createMarketingRouter(store: MarketingStore, options: { apiKey: string; mail: MailSender; url: string; log: (line: string) => void }): express.Router {
  const json = express.json({ limit: '16kb' });
  const form = express.urlencoded({ extended: false, limit: '2kb' });
  const identifier = (value: unknown) => decodeURIComponent(String(value));

  const standIn = createStandIn({
    apiPath: '/api/v3',
    auth: { apiKeyHeader: 'api-key', apiKey: options.apiKey },
    onReset: () => store.reset(),
    api(api) {
      api.get('/contacts/:identifier', (req, res) => {
        const contact = store.contact(identifier(req.params.identifier));
        if (!contact) return notFound(res);
        res.json(representation(contact));
      });

      api.put('/contacts/:identifier', json, async (req, res) => {
        const body = ContactUpdateSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const changed = await store.changeEmail(identifier(req.params.identifier), body.data.attributes.EMAIL);
        if (changed === false) return notFound(res);
        if (changed === 'conflict') return badRequest(res, 'duplicate_parameter: email is already associated with another contact');
        res.status(204).end();
      });

      /** The transactional log (Brevo: `GET /smtp/emails?email=`): what was sent to an address, without content. */
      api.get('/smtp/emails', (req, res) => {
        const email = typeof req.query.email === 'string' ? req.query.email : '';
        if (!z.email().safeParse(email).success) return badRequest(res, 'email: a valid address');
        res.json({ count: store.mails(email).length, transactionalEmails: store.mails(email).map((m) => ({ email: m.email, subject: m.subject, messageId: m.messageId, date: m.sentAt, from: m.from })) });
      });

      api.delete('/contacts/:identifier', async (req, res) => {
        if (!(await store.remove(identifier(req.params.identifier)))) return notFound(res);
        res.status(204).end();
      });

      api.post('/events', json, async (req, res) => {
        const body = EventSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { contact, optInToken } = await store.applyEvent({
          name: body.data.event_name,
          email: body.data.identifiers.email_id,
          extId: body.data.identifiers.ext_id ?? null,
          firstName: body.data.contact_properties?.FIRSTNAME ?? '',
          lastName: body.data.contact_properties?.LASTNAME ?? '',
        });
        options.log(`Marketing: ${body.data.event_name} für einen Kontakt (${contact.status})`);
        if (optInToken) {
          const subject = 'Bitte bestätige Deine Newsletter-Anmeldung';
          await options.mail
            .send({
              to: contact.email,
              subject,
              paragraphs: [
                contact.attributes.FIRSTNAME ? `Hallo ${contact.attributes.FIRSTNAME},` : 'Hallo,',
                'Du möchtest unseren Newsletter rund um Solarstrom, Speicher und Wallbox bekommen. Bitte bestätige Deine Anmeldung mit dem Link unten.',
                'Hast Du Dich nicht angemeldet? Dann ignoriere diese E-Mail einfach; ohne Bestätigung bekommst Du nichts von uns.',
                'Viele Grüße, Dein Team von Beispiel Solar',
              ],
              link: { label: 'Anmeldung bestätigen', href: `${options.url}/marketing/doi?${new URLSearchParams({ token: optInToken })}` },
            })
            .then(() => store.recordMail({ email: contact.email, subject, from: options.mail.from }))
            .catch((error: unknown) => options.log(`Marketing: Bestätigungsmail fehlgeschlagen: ${String(error)}`));
        }
        res.status(204).end();
      });
    },
    control(control) {
      control.get('/contacts', (_req, res) => {
        res.json({ items: store.contacts().map(representation) });
      });
      control.get('/events', (_req, res) => {
        res.json({ items: store.events() });
      });
    },
  });

  const router = express.Router();
  router.use(standIn);
  router.get('/doi', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const contact = store.optInContact(token);
    sendPage(res, optInPage({ token, contact, action: `${req.baseUrl}/doi` }), { status: contact ? 200 : 410 });
  });
  router.post('/doi', form, async (req, res) => {
    if (!isSameOrigin(req)) {
      res.status(403).type('text/plain').send('Fremde Herkunft – abgelehnt.');
      return;
    }
    const token = String((req.body as Record<string, unknown> | undefined)?.token ?? '');
    const contact = await store.confirmOptIn(token);
    if (!contact) {
      sendPage(res, optInPage({ token: '', contact: undefined, action: '' }), { status: 410 });
      return;
    }
    sendPage(res, optInDonePage(contact));
  });
  router.get('/', controlGuard, (_req, res) => {
    sendPage(res, testerPage(store.contacts(), store.events()));
  });
  return router;
}
