import { createHmac } from 'node:crypto';
import express, { type Response } from 'express';
import { z } from 'zod';
import { sendPage } from '../shared/html.ts';
import { badRequest, createStandIn, notFound } from '../shared/stand-in.ts';
import { looksLikePdf, stampSignature } from './pdf.ts';
import { VIEW_TTL_MS, type Envelope, type EsignStore } from './store.ts';
import { SIGNING_SCRIPT, SIGNING_SCRIPT_PATH, endedPage, signingCsp, signingPage, type SigningErrors } from './views.ts';

/** The account every envelope belongs to (DocuSign puts the account in the path). */
export const ESIGN_ACCOUNT_ID = 'kundenportal';
/** Largest PDF the stand-in takes (DocuSign: 25 MB per document; the portal's documents are a few pages). */
const MAX_PDF_BYTES = 5 * 1024 * 1024;

const CreateEnvelopeSchema = z.object({
  emailSubject: z.string().min(1).max(200),
  documents: z
    .array(z.object({ documentId: z.string().min(1), name: z.string().min(1).max(200), documentBase64: z.string().min(1) }))
    .length(1, 'exactly one document'),
  recipients: z.object({
    signers: z
      .array(z.object({ recipientId: z.string().min(1), name: z.string().min(1).max(200), email: z.email(), clientUserId: z.string().min(1).max(100) }))
      .length(1, 'exactly one embedded signer'),
  }),
  status: z.literal('sent'),
  eventNotification: z.object({ url: z.url() }).optional(),
});
const RecipientViewSchema = z.object({
  returnUrl: z.url().refine((url) => /^https?:/.test(url), 'returnUrl must be http(s)'),
  clientUserId: z.string().min(1),
  userName: z.string().min(1),
  email: z.email(),
  authenticationMethod: z.string().min(1),
});
const VoidSchema = z.object({ status: z.literal('voided'), voidedReason: z.string().min(1).max(200) });

const SigningFormSchema = z.object({
  action: z.enum(['sign', 'cancel', 'decline']),
  typedName: z.string().optional().default(''),
  typedOnly: z.string().optional(),
  consent: z.string().optional(),
  signaturePng: z.string().optional().default(''),
});

/** What the API shows of an envelope (DocuSign's envelope summary). */
function summary(envelope: Envelope) {
  const { envelopeId, status, emailSubject, sentDateTime, deliveredDateTime, completedDateTime, declinedDateTime, voidedDateTime, voidedReason } = envelope;
  return { envelopeId, status, emailSubject, sentDateTime, deliveredDateTime, completedDateTime, declinedDateTime, voidedDateTime, voidedReason };
}

/** `returnUrl` with DocuSign's `event` parameter added. */
function withEvent(returnUrl: string, event: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('event', event);
  return url.href;
}

export interface EsignOptions {
  token: string;
  /** Connect's HMAC key: every webhook body is signed with it (header `X-DocuSign-Signature-1`). */
  webhookSecret: string;
  log: (line: string) => void;
  now?: () => Date;
}

/**
 * DocuSign Connect's signature: base64 of HMAC-SHA256 over the raw body. The body's `generatedDateTime` is inside what
 * is signed, so the signature carries its time; the portal refuses calls older than five minutes (replays).
 */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * The e-signature provider (DocuSign-like embedded signing) under `/esign`: the REST API under
 * `/esign/restapi/v2.1/accounts/kundenportal`, the signing pages under `/esign/signing/<token>`.
 */
export function createEsignRouter(store: EsignStore, options: EsignOptions): express.Router {
  const now = () => options.now?.() ?? new Date();
  const json = express.json({ limit: `${Math.ceil((MAX_PDF_BYTES * 4) / 3 / 1024 + 64)}kb` });

  async function notify(envelope: Envelope, event: string) {
    if (!envelope.webhookUrl) return;
    const body = JSON.stringify({ event, apiVersion: 'v2.1', generatedDateTime: now().toISOString(), data: { accountId: ESIGN_ACCOUNT_ID, envelopeId: envelope.envelopeId, envelopeSummary: summary(envelope) } });
    const signature = webhookSignature(options.webhookSecret, body);
    // Connect retries failed deliveries; three tries, a second apart, are enough on one machine.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(envelope.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-docusign-signature-1': signature },
          body,
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) return;
        options.log(`E-Signatur: Webhook ${event} an ${envelope.webhookUrl} antwortete ${response.status} (Versuch ${attempt})`);
      } catch (error) {
        options.log(`E-Signatur: Webhook ${event} an ${envelope.webhookUrl} fehlgeschlagen (Versuch ${attempt}): ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  const api = createStandIn({
    apiPath: '/restapi/v2.1',
    auth: { bearer: options.token, realm: 'esign' },
    onReset: () => store.reset(),
    control(control) {
      /** Lets every open signing link run out, for tests of the expiry path (`ttl_expired`). */
      control.post('/views/expire', async (_req, res) => {
        res.json({ expired: await store.expireViews() });
      });
    },
    api(router) {
      const account = express.Router({ mergeParams: true });
      router.use(`/accounts/${ESIGN_ACCOUNT_ID}`, account);

      account.post('/envelopes', json, async (req, res) => {
        const parsed = CreateEnvelopeSchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        const [document] = parsed.data.documents;
        const [signer] = parsed.data.recipients.signers;
        if (!document || !signer) return badRequest(res);
        const bytes = Buffer.from(document.documentBase64, 'base64');
        if (bytes.length > MAX_PDF_BYTES) return badRequest(res, 'document larger than 5 MB');
        if (!looksLikePdf(bytes)) return badRequest(res, 'document is not a PDF');
        const envelope = await store.create(
          {
            emailSubject: parsed.data.emailSubject,
            documentName: document.name,
            documentBase64: bytes.toString('base64'),
            signer: { name: signer.name, email: signer.email, clientUserId: signer.clientUserId },
            ...(parsed.data.eventNotification ? { webhookUrl: parsed.data.eventNotification.url } : {}),
          },
          now(),
        );
        res.status(201).json({ envelopeId: envelope.envelopeId, status: envelope.status, statusDateTime: envelope.sentDateTime });
      });

      account.get('/envelopes/:envelopeId', (req, res) => {
        const envelope = store.envelope(req.params.envelopeId ?? '');
        if (!envelope) return notFound(res);
        res.json(summary(envelope));
      });

      /** Voiding works only while the envelope is out for signing (sent or delivered), as with DocuSign. */
      account.put('/envelopes/:envelopeId', json, async (req, res) => {
        const envelope = store.envelope(req.params.envelopeId ?? '');
        if (!envelope) return notFound(res);
        const parsed = VoidSchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        if (envelope.status !== 'sent' && envelope.status !== 'delivered') {
          return badRequest(res, `envelope is ${envelope.status}; only sent or delivered envelopes can be voided`);
        }
        const voided = await store.update(envelope.envelopeId, { status: 'voided', voidedReason: parsed.data.voidedReason, voidedDateTime: now().toISOString() });
        if (voided) void notify(voided, 'envelope-voided');
        res.json({ envelopeId: envelope.envelopeId });
      });

      /** The embedded signer's URL: single use, valid for five minutes; never to be mailed. */
      account.post('/envelopes/:envelopeId/views/recipient', json, async (req, res) => {
        const envelope = store.envelope(req.params.envelopeId ?? '');
        if (!envelope) return notFound(res);
        const parsed = RecipientViewSchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        if (parsed.data.clientUserId !== envelope.signer.clientUserId || parsed.data.email !== envelope.signer.email) {
          return badRequest(res, 'the recipient does not match the envelope’s embedded signer');
        }
        if (envelope.status !== 'sent' && envelope.status !== 'delivered') return badRequest(res, `envelope is ${envelope.status}`);
        const view = await store.createView(envelope.envelopeId, parsed.data.returnUrl, now().getTime());
        res.status(201).json({ url: `${req.protocol}://${req.get('host')}/esign/signing/${view.token}` });
      });

      account.get('/envelopes/:envelopeId/documents/combined', (req, res) => {
        const envelope = store.envelope(req.params.envelopeId ?? '');
        if (!envelope) return notFound(res);
        res
          .type('application/pdf')
          .set('Content-Disposition', `attachment; filename="${envelope.envelopeId}.pdf"`)
          .send(Buffer.from(envelope.signedBase64 ?? envelope.documentBase64, 'base64'));
      });
    },
  });

  const router = express.Router();
  router.use(api);

  router.get(SIGNING_SCRIPT_PATH, (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(SIGNING_SCRIPT);
  });

  /** The signing pages may send their form's answer on to the portal (signingCsp). */
  function answer(res: Response, html: string, returnUrl: string | null, status = 200) {
    sendPage(res, html, { status, csp: signingCsp(returnUrl ? new URL(returnUrl).origin : '') });
  }

  /** The session behind a signing URL, or why it cannot be used (with the event the return URL gets). */
  function session(token: string) {
    const view = store.view(token);
    if (!view) return { ended: 'Diesen Link kennen wir nicht.', event: null, view: null, envelope: null } as const;
    const envelope = store.envelope(view.envelopeId);
    if (!envelope) return { ended: 'Diesen Vorgang gibt es nicht mehr.', event: null, view, envelope: null } as const;
    if (envelope.status === 'voided') return { ended: 'Der Vorgang wurde zurückgezogen.', event: 'voided', view, envelope } as const;
    if (envelope.status === 'completed' || envelope.status === 'declined') return { ended: 'Dieses Dokument ist schon abgeschlossen.', event: 'viewing_complete', view, envelope } as const;
    if (view.usedAt) return { ended: 'Dieser Link wurde schon benutzt. Öffne das Dokument bitte erneut aus dem Kundenportal.', event: 'session_timeout', view, envelope } as const;
    if (now().getTime() - view.createdAt > VIEW_TTL_MS) return { ended: 'Dieser Link ist abgelaufen (er gilt 5 Minuten). Öffne das Dokument bitte erneut aus dem Kundenportal.', event: 'ttl_expired', view, envelope } as const;
    return { ended: null, event: null, view, envelope } as const;
  }

  router.get('/signing/:token', async (req, res) => {
    const token = req.params.token;
    const s = session(token);
    if (s.ended !== null || !s.envelope) {
      // An expired link goes back to the portal with the event the portal expects, like the big providers do.
      if (s.event === 'ttl_expired' && s.view) return res.redirect(303, withEvent(s.view.returnUrl, 'ttl_expired'));
      return answer(res, endedPage(s.ended ?? '', s.view?.returnUrl ?? null), s.view?.returnUrl ?? null, 410);
    }
    if (s.view.openedAt) {
      return answer(res, endedPage('Dieser Link wurde schon geöffnet. Öffne das Dokument bitte erneut aus dem Kundenportal.', s.view.returnUrl), s.view.returnUrl, 410);
    }
    await store.markView(token, { openedAt: now().getTime() });
    if (s.envelope.status === 'sent') await store.update(s.envelope.envelopeId, { status: 'delivered', deliveredDateTime: now().toISOString() });
    answer(res, signingPage(s.envelope, token, { typedName: s.envelope.signer.name, typedOnly: false, consent: false }), s.view.returnUrl);
  });

  router.get('/signing/:token/document.pdf', (req, res) => {
    const s = session(req.params.token);
    if (s.ended !== null || !s.envelope) return notFound(res);
    res.type('application/pdf').set({ 'Content-Disposition': 'inline', 'Cache-Control': 'no-store' }).send(Buffer.from(s.envelope.documentBase64, 'base64'));
  });

  router.post('/signing/:token', express.urlencoded({ extended: false, limit: '2mb' }), async (req, res) => {
    const token = req.params.token;
    const s = session(token);
    if (s.ended !== null || !s.envelope || !s.view.openedAt) {
      if (s.event && s.view) return res.redirect(303, withEvent(s.view.returnUrl, s.event));
      return answer(res, endedPage(s.ended ?? 'Dieser Link gilt nicht mehr.', s.view?.returnUrl ?? null), s.view?.returnUrl ?? null, 410);
    }
    const parsed = SigningFormSchema.safeParse(req.body);
    if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
    const form = parsed.data;
    const { envelope, view } = s;

    if (form.action === 'cancel') {
      await store.markView(token, { usedAt: now().getTime() });
      return res.redirect(303, withEvent(view.returnUrl, 'cancel'));
    }
    if (form.action === 'decline') {
      await store.markView(token, { usedAt: now().getTime() });
      const declined = await store.update(envelope.envelopeId, { status: 'declined', declinedDateTime: now().toISOString() });
      if (declined) void notify(declined, 'envelope-declined');
      return res.redirect(303, withEvent(view.returnUrl, 'decline'));
    }

    const typedName = form.typedName.trim();
    const drawn = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(form.signaturePng)?.[1];
    const errors: SigningErrors = {};
    if (typedName.length < 2) errors.typedName = 'Bitte gib Deinen Vor- und Nachnamen ein.';
    if (!drawn && !form.typedOnly) errors.signature = 'Bitte zeichne Deine Unterschrift oder bestätige, dass Dein getippter Name als Unterschrift gilt.';
    if (!form.consent) errors.consent = 'Bitte bestätige, dass Du das Dokument gelesen hast und es unterschreibst.';
    if (Object.keys(errors).length > 0) {
      return answer(res, signingPage(envelope, token, { typedName, typedOnly: Boolean(form.typedOnly), consent: Boolean(form.consent), errors }), view.returnUrl, 422);
    }

    await store.markView(token, { usedAt: now().getTime() });
    const signedAt = now();
    const signed = await stampSignature(Buffer.from(envelope.documentBase64, 'base64'), {
      typedName,
      drawnPng: drawn ? Buffer.from(drawn, 'base64') : undefined,
      signedAt,
      envelopeId: envelope.envelopeId,
      signerEmail: envelope.signer.email,
      ip: req.ip ?? 'unbekannt',
    });
    const completed = await store.update(envelope.envelopeId, {
      status: 'completed',
      completedDateTime: signedAt.toISOString(),
      signedBase64: Buffer.from(signed).toString('base64'),
      signedAs: { typedName, drawn: Boolean(drawn) },
    });
    if (completed) void notify(completed, 'envelope-completed');
    res.redirect(303, withEvent(view.returnUrl, 'signing_complete'));
  });

  return router;
}
