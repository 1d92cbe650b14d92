import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { fileApi, fileControl } from './files-routes.ts';
import type { ManagementFiles } from './files.ts';
import { MoneyConflict, RefundInputSchema, DirectDebitInputSchema, type ManagementMoneyStore } from './money.ts';
import { moneyApi, moneyControl } from './money-routes.ts';
import { backTo, messageOf, sendPage } from '../shared/html.ts';
import { badRequest, controlGuard, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { AFTER_WAITING_FOR, CUSTOMER_ACTIONS, JourneySchema, PreferencesSchema, SIGNING_TYPES, WAITING_FOR } from './journey.ts';
import { InvalidProject, JourneyConflict, NewProjectSchema, type ManagementStore } from './store.ts';
import type { PortalReporter } from './portal-events.ts';
import { testerPage } from './tester-page.ts';

const ProjectIdSchema = z.string().regex(/^[1-9]\d{0,14}$/).transform(Number);
const PortalUserIdSchema = z.string().min(1).max(255).regex(/^[^\p{Cc}]+$/u);

type ProjectsQuery =
  | { by: 'customer'; customerNumber: string; zip: string }
  | { by: 'portalUser'; portalUserId: string }
  | { by: 'withoutPortalAccount' };

/** The only three searches the vendor offers; anything else (extra, repeated or empty parameters) is a bad request. */
function parseProjectsQuery(query: Request['query']): ProjectsQuery | undefined {
  const keys = Object.keys(query).sort().join('&');
  const value = (key: string): string | undefined => {
    const raw = query[key];
    return typeof raw === 'string' && raw.trim() !== '' ? raw : undefined;
  };
  if (keys === 'customerNumber&zip') {
    const customerNumber = value('customerNumber');
    const zip = value('zip');
    return customerNumber && zip ? { by: 'customer', customerNumber, zip } : undefined;
  }
  // The invitations job's question (docs/jobs.md "Invitations"): projects that no portal account is connected to yet.
  if (keys === 'portalAccount') return value('portalAccount') === 'none' ? { by: 'withoutPortalAccount' } : undefined;
  if (keys === 'portalUserId') {
    const portalUserId = value('portalUserId');
    return portalUserId ? { by: 'portalUser', portalUserId } : undefined;
  }
  return undefined;
}

const MASTR_NUMBER = (prefix: 'ABR' | 'SEE') => z.string().regex(new RegExp(`^${prefix}\\d{12}$`));
const ActionSchema = z.strictObject({ action: z.enum(CUSTOMER_ACTIONS), portalUserId: z.string().min(1) });
const SignatureSchema = z.strictObject({
  type: z.enum(SIGNING_TYPES),
  envelopeId: z.string().min(1).max(100),
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  representative: z.string().trim().min(1).max(120).nullable().optional(),
  portalUserId: z.string().min(1),
});
const PreferencesPatchSchema = PreferencesSchema.partial().refine((p) => Object.keys(p).length > 0, 'nothing to change');
const MastrMoveSchema = z.strictObject({
  operatorNumber: MASTR_NUMBER('ABR'),
  transferId: z.string().min(1).max(100),
  supportCode: z.string().regex(/^\d{12}$/),
});
const MastrRegistrationSchema = z.strictObject({
  operatorNumber: MASTR_NUMBER('ABR').nullable().optional(),
  unitNumbers: z.array(MASTR_NUMBER('SEE')).min(1).max(10),
});
const InformationSchema = z.strictObject({ text: z.string().trim().min(1).max(500), from: z.enum(['CUSTOMER', 'INSTALLER']) });
/** Whose move the active step is; for the customer, what the installer needs from them (shown in the portal). */
const WaitingForSchema = z.strictObject({ waitingFor: z.enum(WAITING_FOR), request: z.string().trim().max(500).nullable().optional() });
/** The active step after commissioning is done on a day (today when none); the meter appointment with its day. */
const AfterAdvanceSchema = z.strictObject({ on: z.iso.date().optional(), appointmentOn: z.iso.date().optional() });
const AfterWaitingForSchema = z.strictObject({ waitingFor: z.enum(AFTER_WAITING_FOR) });
const MastrControlSchema = z.strictObject({ moveNeeded: z.boolean().optional(), registered: z.boolean().optional() });

type Change = Awaited<ReturnType<ManagementStore['changeJourney']>>;

/** A journey change's answer: 404 unknown project, 409 `{ error: 'conflict', detail }` when a rule refuses it. */
async function answerChange(res: Response, change: () => Promise<Change>, answer: (done: NonNullable<Change>) => unknown = (done) => done.journey) {
  try {
    const done = await change();
    if (!done) {
      notFound(res);
      return;
    }
    res.json(answer(done));
  } catch (error) {
    if (!(error instanceof JourneyConflict)) throw error;
    res.status(409).json({ error: 'conflict', detail: error.message });
  }
}

/**
 * The installer's management service (CRM / project management) as a vendor REST API, for local development and
 * tests. Mount at `/management`: the API lives under `/api/v1` (bearer token = the portal's MANAGEMENT_API_TOKEN), the
 * test controls under `/_control` (see sandbox/shared/stand-in.ts), and a German back-office page for testers at `/`.
 */
const ReportStepSchema = z.strictObject({ step: z.enum(['DC', 'AC']) });

/** What the portal answered to a reported step, in the tester's words. */
const reportMessage = (step: 'DC' | 'AC', answer: { status: number; outcome: string | null }) =>
  answer.status === 202
    ? `${step}-Montage ans Portal gemeldet (${answer.outcome === 'already-queued' ? 'Einladung war schon eingeplant' : 'Umfrage-Einladung folgt'}).`
    : answer.status === 0
      ? 'Das Portal ist nicht erreichbar.'
      : `Das Portal antwortete ${answer.status}.`;

export function createManagementRouter(
  store: ManagementStore,
  files: ManagementFiles,
  money: ManagementMoneyStore,
  options: { token: string; reportStepDone?: PortalReporter },
): express.Router {
  /** Only a DC or AC step that is done can be reported; the portal then invites to its survey. */
  const reportable = (id: number, step: 'DC' | 'AC') => store.journey(id)?.steps.find((s) => s.step === step)?.status === 'DONE';
  const standIn = createStandIn({
    apiPath: '/api/v1',
    auth: { bearer: options.token, realm: 'management' },
    onReset: async () => {
      await store.reset();
      await files.reset();
      await money.reset();
    },
    api(api) {
      fileApi(api, files, store);
      moneyApi(api, money, store);
      api.get('/projects', (req, res) => {
        const query = parseProjectsQuery(req.query);
        if (!query) {
          badRequest(res);
          return;
        }
        const items =
          query.by === 'customer'
            ? store.findByCustomer(query.customerNumber, query.zip)
            : query.by === 'portalUser'
              ? store.findByPortalUser(query.portalUserId)
              : store.withoutPortalAccount();
        res.json({ items });
      });

      api.get('/projects/:id', (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        const project = id.success ? store.get(id.data) : undefined;
        if (!project) {
          notFound(res);
          return;
        }
        res.json(project);
      });

      const changeLink =
        (action: 'link' | 'unlink'): RequestHandler =>
        async (req, res) => {
          const id = ProjectIdSchema.safeParse(req.params.id);
          if (!id.success) {
            notFound(res);
            return;
          }
          const userId = PortalUserIdSchema.safeParse(req.params.userId);
          if (!userId.success) {
            badRequest(res);
            return;
          }
          const found =
            action === 'link' ? await store.link(id.data, userId.data) : await store.unlink(id.data, userId.data);
          if (!found) {
            notFound(res);
            return;
          }
          res.status(204).end();
        };
      api.put('/projects/:id/portal-users/:userId', changeLink('link'));
      api.delete('/projects/:id/portal-users/:userId', changeLink('unlink'));

      /** Steps of both phases, appointments, grid operator, MaStR, contact person and the customer's preferences. */
      api.get('/projects/:id/journey', (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        const journey = id.success ? store.journey(id.data) : undefined;
        if (!journey) {
          notFound(res);
          return;
        }
        res.json(journey);
      });

      const withBody =
        <S extends z.ZodType>(schema: S, handle: (id: number, body: z.output<S>, res: Response) => Promise<void>): RequestHandler =>
        async (req, res) => {
          const id = ProjectIdSchema.safeParse(req.params.id);
          if (!id.success || !store.get(id.data)) {
            notFound(res);
            return;
          }
          const body = schema.safeParse(req.body);
          if (!body.success) {
            badRequest(res, z.prettifyError(body.error));
            return;
          }
          await handle(id.data, body.data, res);
        };
      const json = express.json({ limit: '16kb' });

      /** The customer confirmed the order or the delivery, or will register in the MaStR without the installer. */
      api.post('/projects/:id/actions', json, withBody(ActionSchema, (id, body, res) => answerChange(res, () => store.customerAction(id, body.action))));

      /** A document the customer signed (power of attorney, authorization); once per envelope. */
      api.post(
        '/projects/:id/signatures',
        json,
        withBody(SignatureSchema, (id, { portalUserId: _by, ...signature }, res) =>
          answerChange(res, () => store.recordSignature(id, signature), (done) => ({ result: done.result, journey: done.journey })),
        ),
      );

      /** What the customer may change: contact phone and preferred appointment times. */
      api.patch('/projects/:id/preferences', json, withBody(PreferencesPatchSchema, (id, body, res) => answerChange(res, () => store.setPreferences(id, body), (done) => done.result)));

      /** The customer offered the transfer of their MaStR market actor to the installer's account. */
      api.post(
        '/projects/:id/mastr/move',
        json,
        withBody(MastrMoveSchema, (id, body, res) =>
          answerChange(res, () =>
            store.changeJourney(id, (journey, now) => {
              if (journey.mastr.status === 'REGISTERED') throw new JourneyConflict('Die Anlage ist schon registriert.');
              Object.assign(journey.mastr, {
                status: 'MOVE_REQUESTED',
                operatorNumber: body.operatorNumber,
                moveRequestedAt: now,
                transferId: body.transferId,
                transferSupportCode: body.supportCode,
              });
            }),
          ),
        ),
      );

      /** The customer registered the units themselves and tells the installer their numbers. */
      api.post(
        '/projects/:id/mastr/registration',
        json,
        withBody(MastrRegistrationSchema, (id, body, res) =>
          answerChange(res, () =>
            store.changeJourney(id, (journey, now) => {
              if (!journey.mastr.required) throw new JourneyConflict('Für dieses Projekt ist keine Registrierung nötig.');
              Object.assign(journey.mastr, {
                status: 'REGISTERED',
                registeredBy: 'CUSTOMER',
                registeredAt: now,
                operatorNumber: body.operatorNumber ?? journey.mastr.operatorNumber,
                unitNumbers: body.unitNumbers,
                moveNeeded: false,
              });
            }),
          ),
        ),
      );
    },
    control(control) {
      fileControl(control, files, store);
      moneyControl(control, money, store);
      control.get('/projects', (_req, res) => {
        res.json({ items: store.list() });
      });

      /** A project for one test or one tester: 201 with the whole vendor project (id from 900000 on). */
      control.post('/projects', controlJson, async (req, res) => {
        const parsed = NewProjectSchema.safeParse(req.body);
        if (!parsed.success) {
          badRequest(res, z.prettifyError(parsed.error));
          return;
        }
        try {
          res.status(201).json(await store.create(parsed.data));
        } catch (error) {
          if (!(error instanceof InvalidProject)) throw error;
          badRequest(res, error.message);
        }
      });

      control.delete('/projects/:id', async (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        if (!id.success || !(await store.remove(id.data))) {
          notFound(res);
          return;
        }
        res.status(204).end();
      });

      const project = (handle: (id: number, req: Request, res: Response) => Promise<void>): RequestHandler => async (req, res) => {
        const id = ProjectIdSchema.safeParse(req.params.id);
        if (!id.success || !store.get(id.data)) {
          notFound(res);
          return;
        }
        await handle(id.data, req, res);
      };
      const parsed = <S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | undefined => {
        const body = schema.safeParse(req.body ?? {});
        if (!body.success) badRequest(res, z.prettifyError(body.error));
        return body.success ? body.data : undefined;
      };

      /** The back office's "next step": the active step is done, the next starts (with the installer's rules). */
      control.post('/projects/:id/advance', project((id, _req, res) => answerChange(res, () => store.advanceStep(id))));
      /** The grid operator's next state: request sent → grid check → approval → commissioning reported → meter. */
      control.post('/projects/:id/grid-operator/advance', project((id, _req, res) => answerChange(res, () => store.advanceGridOperator(id))));
      control.post(
        '/projects/:id/grid-operator/information',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(InformationSchema, req, res);
          if (body) await answerChange(res, () => store.requestInformation(id, body.text, body.from));
        }),
      );
      control.post(
        '/projects/:id/waiting-for',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(WaitingForSchema, req, res);
          if (body) await answerChange(res, () => store.setWaitingFor(id, body.waitingFor, body.request));
        }),
      );
      /** The steps after commissioning (docs/journey.md "After commissioning"): the active one done, or who it waits on. */
      control.post(
        '/projects/:id/after-commissioning/advance',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(AfterAdvanceSchema, req, res);
          if (body) await answerChange(res, () => store.advanceAfterCommissioning(id, body));
        }),
      );
      control.post(
        '/projects/:id/after-commissioning/waiting-for',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(AfterWaitingForSchema, req, res);
          if (body) await answerChange(res, () => store.setAfterWaitingFor(id, body.waitingFor));
        }),
      );
      control.post(
        '/projects/:id/mastr',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(MastrControlSchema, req, res);
          if (body) await answerChange(res, () => store.changeMastr(id, body));
        }),
      );
      /** The installer's system reports a DC or AC installation done to the portal (docs/surveys.md). */
      control.post(
        '/projects/:id/report-step',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(ReportStepSchema, req, res);
          if (!body) return;
          if (!options.reportStepDone || !reportable(id, body.step)) {
            res.status(409).json({ error: 'conflict', detail: `${body.step} ist in diesem Projekt nicht erledigt.` });
            return;
          }
          const answer = await options.reportStepDone(id, body.step);
          res.status(answer.status === 202 ? 202 : 502).json({ portalStatus: answer.status, outcome: answer.outcome });
        }),
      );
      /** A whole journey for a test (checked like the demo data). */
      control.put(
        '/projects/:id/journey',
        controlJson,
        project(async (id, req, res) => {
          const body = parsed(JourneySchema, req, res);
          if (body) await answerChange(res, () => store.replaceJourney(id, body));
        }),
      );
    },
  });

  // The back office's page for testers: German, plain forms (no JavaScript), same-origin only like every control.
  const tester = express.Router();
  tester.use(controlGuard);
  tester.get('/', (req, res) => {
    const projects = store.list().flatMap((project) => {
      const journey = store.journey(project.id);
      const moneyOf = { refund: money.refund(project.id) ?? null, directDebit: money.directDebit(project.id) ?? null, referrals: money.referrals(project.id) };
      return journey ? [{ project, journey, money: moneyOf }] : [];
    });
    sendPage(res, testerPage(projects, messageOf(req)));
  });
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  tester.post('/tester/projects/:id/:action', form, async (req, res) => {
    const id = ProjectIdSchema.safeParse(req.params.id);
    if (!id.success || !store.get(id.data)) {
      notFound(res);
      return;
    }
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    let message: string;
    try {
      switch (req.params.action) {
        case 'advance':
          await store.advanceStep(id.data);
          message = 'Nächster Schritt gestartet.';
          break;
        case 'grid-operator':
          await store.advanceGridOperator(id.data);
          message = 'Netzbetreiber-Status weitergeschaltet.';
          break;
        case 'information': {
          const body = InformationSchema.safeParse({ text: fields.text, from: fields.from });
          if (!body.success) throw new JourneyConflict('Bitte schreib, welche Unterlagen der Netzbetreiber nachfordert.');
          await store.requestInformation(id.data, body.data.text, body.data.from);
          message = 'Nachforderung des Netzbetreibers eingetragen.';
          break;
        }
        case 'waiting-for': {
          const body = WaitingForSchema.safeParse({ waitingFor: fields.waitingFor, request: fields.request ?? null });
          if (!body.success) throw new JourneyConflict('Bitte wähle, auf wen der Schritt wartet (die Bitte an den Kunden höchstens 500 Zeichen).');
          await store.setWaitingFor(id.data, body.data.waitingFor, body.data.request);
          message = body.data.waitingFor === 'CUSTOMER' && body.data.request ? 'Gespeichert: Der Schritt wartet auf den Kunden, mit Deiner Bitte.' : 'Gespeichert, auf wen der Schritt wartet.';
          break;
        }
        case 'after-advance': {
          const body = AfterAdvanceSchema.safeParse({ on: fields.on?.trim() || undefined, appointmentOn: fields.appointmentOn?.trim() || undefined });
          if (!body.success) throw new JourneyConflict('Bitte gib die Tage als Datum an (TT.MM.JJJJ im Kalender).');
          await store.advanceAfterCommissioning(id.data, body.data);
          message = 'Schritt nach der Inbetriebnahme erledigt, der nächste läuft.';
          break;
        }
        case 'after-waiting-for': {
          const body = AfterWaitingForSchema.safeParse({ waitingFor: fields.waitingFor });
          if (!body.success) throw new JourneyConflict('Bitte wähle, auf wen der Schritt wartet.');
          await store.setAfterWaitingFor(id.data, body.data.waitingFor);
          message = 'Gespeichert, auf wen der Schritt nach der Inbetriebnahme wartet.';
          break;
        }
        case 'mastr-move':
          await store.changeMastr(id.data, { moveNeeded: true });
          message = 'MaStR-Übertragung beim Kunden angefragt.';
          break;
        case 'mastr-registered':
          await store.changeMastr(id.data, { registered: true });
          message = 'Anlage im MaStR als registriert eingetragen.';
          break;
        case 'report-dc':
        case 'report-ac': {
          const step = req.params.action === 'report-dc' ? 'DC' : 'AC';
          if (!options.reportStepDone || !reportable(id.data, step)) throw new JourneyConflict(`Die ${step}-Montage ist in diesem Projekt nicht erledigt.`);
          message = reportMessage(step, await options.reportStepDone(id.data, step));
          break;
        }
        case 'refund': {
          const body = RefundInputSchema.safeParse({ amount: (fields.amount ?? '').trim().replace(',', '.'), reason: fields.reason, invoiceNumber: fields.invoiceNumber?.trim() || null });
          if (!body.success) throw new JourneyConflict('Bitte gib einen Betrag wie 312.45 oder -89.90 (nicht 0) und einen Grund an.');
          await money.setRefund(id.data, body.data);
          message = 'Erstattung eingetragen.';
          break;
        }
        case 'refund-settle':
          await money.settleRefund(id.data);
          message = 'Erstattung als erledigt markiert.';
          break;
        case 'refund-remove':
          await money.removeRefund(id.data);
          message = 'Erstattung entfernt.';
          break;
        case 'direct-debit': {
          const body = DirectDebitInputSchema.safeParse({ purpose: fields.purpose, amount: fields.amount?.trim().replace(',', '.') || null, interval: fields.interval });
          if (!body.success) throw new JourneyConflict('Bitte gib Zweck, Turnus und (optional) einen Betrag wie 14.90 an.');
          await money.setDirectDebit(id.data, body.data);
          message = 'Lastschrift eingetragen: Der Kunde wird um ein SEPA-Mandat gebeten.';
          break;
        }
        case 'direct-debit-remove':
          await money.removeDirectDebit(id.data);
          message = 'Lastschrift entfernt.';
          break;
        default:
          notFound(res);
          return;
      }
    } catch (error) {
      if (!(error instanceof JourneyConflict) && !(error instanceof MoneyConflict)) throw error;
      message = error.message;
    }
    backTo(res, '/management/', `Projekt ${id.data}: ${message}`, { anchor: `projekt-${id.data}` });
  });
  /** The back office confirms a referral (the person became a customer), pays the reward out, or declines it. */
  tester.post('/tester/referrals/:id/:action', form, async (req, res) => {
    const action = req.params.action;
    if (action !== 'confirm' && action !== 'payout' && action !== 'decline') {
      notFound(res);
      return;
    }
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const referredProjectId = /^\d{1,12}$/.test(fields.referredProjectId ?? '') ? Number(fields.referredProjectId) : undefined;
    let message: string;
    let projectId: number | undefined;
    try {
      const referral = await money.changeReferral(req.params.id, action, referredProjectId);
      if (!referral) {
        notFound(res);
        return;
      }
      projectId = referral.projectId;
      message = { confirm: 'Empfehlung bestätigt.', payout: 'Prämie als ausgezahlt markiert.', decline: 'Empfehlung abgelehnt.' }[action];
    } catch (error) {
      if (!(error instanceof MoneyConflict)) throw error;
      message = error.message;
    }
    backTo(res, '/management/', `Empfehlung ${req.params.id}: ${message}`, projectId ? { anchor: `projekt-${projectId}` } : {});
  });

  const router = express.Router();
  router.use(standIn);
  router.use(tester);
  return router;
}
