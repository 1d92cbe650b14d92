import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { backTo, messageOf, sendPage } from '../shared/html.ts';
import { badRequest, controlGuard, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { captionsOf, photoOf, videoOf } from './media.ts';
import { SALES_REPS, type SalesLead, type SalesStore } from './store.ts';
import { TESTER_CSP, testerPage } from './tester-page.ts';

const Topic = z.enum(['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID']);
const LeadSchema = z.strictObject({
  externalRef: z.string().min(1).max(64),
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: z.email().max(254),
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/),
  topics: z.array(Topic).min(1).max(5),
  leadsourceId: z.string().min(1).max(64),
  contactConsentAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime(),
});
const CustomerNumber = z.string().regex(/^\d{4,12}$/);
/** What the lead tells after the funnel (the portal's contact details form). */
const ContactSchema = z.strictObject({
  salutation: z.enum(['MS', 'MR']).nullable(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: z.string().regex(/^\+?\d{6,20}$/),
  address: z.strictObject({ street: z.string().min(1).max(100), houseNumber: z.string().min(1).max(12), zip: z.string().regex(/^\d{4,5}$/), city: z.string().min(1).max(100) }),
  preferredContact: z.enum(['MAIL', 'PHONE', 'WHATSAPP']),
  topics: z.array(Topic).min(1).max(5),
});

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range; browsers ask for one): the slice to send, or 'unsatisfiable'. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [from, to] = [match[1] ?? '', match[2] ?? ''];
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export interface SalesRouterOptions {
  token: string;
  /** Where the API is reached from outside (absolute media URLs in answers). */
  apiUrl: string;
  dataDir: string;
  /** Tells the portal what became of a lead (`POST /api/funnel/events`, funnel token); answers the portal's status. */
  notify(event: 'lead.won' | 'lead.lost', data: Record<string, string>): Promise<number>;
  /**
   * The sale closed: the project with the lead's data is created at the management service (its id, or an error
   * message in German for the tester).
   */
  createProject(project: WonProject): Promise<{ projectId: number } | { error: string }>;
}

/** The project a won sale starts: the customer, the installation address and what was sold. */
export interface WonProject {
  customerNumber: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  contact: { name: string; emails: string[] };
  productLines: string[];
}

const Address = z.strictObject({
  street: z.string().trim().min(1).max(100),
  houseNumber: z.string().trim().min(1).max(12),
  zip: z.string().trim().regex(/^\d{5}$/),
  city: z.string().trim().min(1).max(100),
});

/**
 * The installer's sales service (CRM) under `/sales`: the vendor API at `/sales/api/v1` (bearer SALES_API_TOKEN),
 * test controls at `/sales/_control` and the sales team's German page for testers at `/sales/`.
 */
export function createSalesRouter(store: SalesStore, options: SalesRouterOptions): express.Router {
  const repJson = (id: string) => {
    const rep = SALES_REPS.find((r) => r.id === id);
    if (!rep) return null;
    return {
      id: rep.id,
      name: rep.name,
      phone: rep.phone,
      whatsapp: rep.whatsapp,
      email: rep.email,
      photoUrl: `${options.apiUrl}/sales-reps/${rep.id}/photo`,
      video: { fileUuid: rep.videoFileUuid, url: `${options.apiUrl}/files/${rep.videoFileUuid}`, captionsUrl: `${options.apiUrl}/files/${rep.videoFileUuid}/captions.vtt` },
    };
  };
  const leadJson = (lead: SalesLead) => ({ ...lead, salesRep: repJson(lead.salesRepId) });
  const repOfFile = (uuid: string) => SALES_REPS.find((rep) => rep.videoFileUuid === uuid);
  // Ranges like a file store or CDN serves them, so a player can seek (and the portal passes them on).
  const sendVideo = async (uuid: string, req: Request, res: Response) => {
    const rep = repOfFile(uuid);
    if (!rep) return notFound(res);
    const video = await videoOf(rep, options.dataDir);
    res.type('video/mp4').set('Accept-Ranges', 'bytes');
    const range = byteRange(req.get('range'), video.length);
    if (range === 'unsatisfiable') {
      res.status(416).set('Content-Range', `bytes */${video.length}`).end();
      return;
    }
    if (!range) {
      res.send(video);
      return;
    }
    res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${video.length}`).send(video.subarray(range.start, range.end + 1));
  };
  const sendCaptions = (uuid: string, res: Response) => {
    const rep = repOfFile(uuid);
    if (!rep) return notFound(res);
    res.type('text/vtt; charset=utf-8').send(captionsOf(rep));
  };
  const sendPhoto = (id: string, res: Response) => {
    const rep = SALES_REPS.find((r) => r.id === id);
    if (!rep) return notFound(res);
    res.type('image/svg+xml').set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").send(photoOf(rep));
  };

  async function close(id: string, outcome: 'won' | 'lost', customerNumber: string | null) {
    const lead = await store.setStatus(id, outcome === 'won' ? 'WON' : 'LOST', customerNumber);
    if (!lead) return null;
    const status = await options.notify(outcome === 'won' ? 'lead.won' : 'lead.lost', outcome === 'won' ? { salesLeadId: lead.id, customerNumber: customerNumber ?? '' } : { salesLeadId: lead.id });
    return { lead, portalStatus: status };
  }

  /**
   * The sale closed: the project is created at the management service with the lead's data (name, e-mail, what they
   * asked for, the installation address: the one given, else the lead's own), then the lead is won and the portal
   * told, so the lead's next sign-in finds its project (docs/funnel.md "The lead phase").
   */
  async function win(id: string, customerNumber: string, given: unknown): Promise<{ lead: SalesLead; portalStatus: number } | { error: string } | null> {
    const lead = store.get(id);
    if (!lead) return null;
    const address = Address.safeParse(given ?? lead.contact?.address);
    if (!address.success) return { error: 'Bitte gib die Adresse der Anlage an (Straße, Hausnummer, fünfstellige PLZ, Ort).' };
    const created = lead.projectId
      ? { projectId: lead.projectId }
      : await options.createProject({
          customerNumber,
          address: address.data,
          contact: { name: `${lead.firstName} ${lead.lastName}`.trim(), emails: [lead.email] },
          productLines: lead.topics,
        });
    if ('error' in created) return created;
    await store.setStatus(id, 'WON', customerNumber, created.projectId);
    const closed = await close(id, 'won', customerNumber);
    return closed;
  }

  const standIn = createStandIn({
    apiPath: '/api/v1',
    auth: { bearer: options.token, realm: 'sales' },
    onReset: () => store.reset(),
    api(api) {
      api.post('/leads', express.json({ limit: '16kb' }), async (req, res) => {
        const body = LeadSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { lead, created } = await store.upsert(body.data);
        res.status(created ? 201 : 200).json(leadJson(lead));
      });
      api.get('/leads/:id', (req, res) => {
        const lead = store.get(req.params.id);
        if (!lead) return notFound(res);
        res.json(leadJson(lead));
      });
      api.get('/sales-reps/:id', (req, res) => {
        const rep = repJson(req.params.id);
        if (!rep) return notFound(res);
        res.json(rep);
      });
      api.get('/sales-reps/:id/photo', (req, res) => sendPhoto(req.params.id, res));
      api.patch('/leads/:id', express.json({ limit: '16kb' }), async (req, res) => {
        const body = ContactSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const lead = await store.updateContact(req.params.id, body.data);
        if (!lead) return notFound(res);
        res.json(leadJson(lead));
      });
      api.get('/files/:uuid', (req, res) => sendVideo(req.params.uuid, req, res));
      api.get('/files/:uuid/captions.vtt', (req, res) => sendCaptions(req.params.uuid, res));
    },
    control(control) {
      control.get('/leads', (_req, res) => {
        res.json({ leads: store.list().map(leadJson) });
      });
      /** Closes a lead as won (the sale closed), as the tester page does, and tells the portal. */
      control.post('/leads/:id/won', controlJson, async (req, res) => {
        const body = (req.body ?? {}) as { customerNumber?: unknown; address?: unknown };
        const number = CustomerNumber.safeParse(body.customerNumber ?? store.nextCustomerNumber());
        if (!number.success) return badRequest(res, 'customerNumber: 4-12 digits');
        const closed = await win(req.params.id, number.data, body.address);
        if (!closed) return notFound(res);
        if ('error' in closed) return badRequest(res, closed.error);
        res.json({ lead: leadJson(closed.lead), portalStatus: closed.portalStatus });
      });
    },
  });

  const tester = express.Router();
  tester.use(controlGuard);
  tester.get('/', (req, res) => {
    sendPage(res, testerPage(store.list(), messageOf(req), store.nextCustomerNumber()), { csp: TESTER_CSP });
  });
  tester.get('/tester/reps/:id/photo', (req, res) => sendPhoto(req.params.id, res));
  tester.get('/tester/files/:uuid', (req, res) => sendVideo(req.params.uuid, req, res));
  tester.get('/tester/files/:uuid/captions.vtt', (req, res) => sendCaptions(req.params.uuid, res));
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const back = (res: Response, text: string, error = false) => backTo(res, '/sales/', text, { error });
  tester.post('/tester/leads/:id/won', form, async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const number = CustomerNumber.safeParse(fields.customerNumber);
    if (!number.success) return back(res, 'Bitte gib eine Kundennummer aus 4 bis 12 Ziffern an.', true);
    const closed = await win(req.params.id, number.data, { street: fields.street ?? '', houseNumber: fields.houseNumber ?? '', zip: fields.zip ?? '', city: fields.city ?? '' });
    if (!closed) return notFound(res);
    if ('error' in closed) return back(res, closed.error, true);
    const ok = closed.portalStatus >= 200 && closed.portalStatus < 300;
    const project = closed.lead.projectId ? `, Projekt ${closed.lead.projectId}` : '';
    back(res, ok ? `${closed.lead.id} ist Kunde ${number.data}${project}; das Portal hat es bestätigt.` : `${closed.lead.id} ist gewonnen${project}, aber das Portal antwortete ${closed.portalStatus || 'nicht'}.`, !ok);
  });
  tester.post('/tester/leads/:id/lost', form, async (req, res) => {
    const closed = await close(req.params.id, 'lost', null);
    if (!closed) return notFound(res);
    back(res, `${closed.lead.id} ist als verloren markiert.`);
  });

  const router = express.Router();
  router.use(standIn);
  router.use(tester);
  return router;
}
