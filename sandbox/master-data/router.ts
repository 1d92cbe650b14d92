import express from 'express';
import { z } from 'zod';
import { badRequest, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { ActorNumberSchema, MandateBodySchema, UnitNumberSchema, type Mandate, type MasterDataStore, type Transfer } from './store.ts';

/** Mandates leave the service with the IBAN masked (the portal keeps its own copy). */
const publicMandate = ({ iban, ...mandate }: Mandate) => ({ ...mandate, iban: `${iban.slice(0, 4)}…${iban.slice(-4)}` });

const StartTransferSchema = z.strictObject({ operatorNumber: ActorNumberSchema, reference: z.string().min(1).max(100) });

/**
 * The master-data service as a vendor REST API under `/master-data/api/v1` (header `X-Api-Key`): lookups of MaStR
 * market actors and units, and transfers of a market actor to the installer's service-provider account
 * ("Marktakteursübertragung": the customer offers the transfer in the register with the installer's 12-digit support
 * code, the installer accepts).
 */
export function createMasterDataRouter(store: MasterDataStore, options: { apiKey: string }): express.Router {
  const withCode = (transfer: Transfer) => ({
    ...transfer,
    receiver: { name: store.register.installerAccount.name, supportCode: store.register.installerAccount.supportCode },
  });
  return createStandIn({
    apiPath: '/api/v1',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => store.reset(),
    api(api) {
      api.get('/market-actors/:number', (req, res) => {
        const number = ActorNumberSchema.safeParse(req.params.number);
        const actor = number.success ? store.actor(number.data) : undefined;
        if (!actor) return notFound(res);
        res.json({ ...actor, units: store.register.units.filter((u) => u.operatorNumber === actor.number) });
      });
      api.get('/units/:number', (req, res) => {
        const number = UnitNumberSchema.safeParse(req.params.number);
        const unit = number.success ? store.unit(number.data) : undefined;
        if (!unit) return notFound(res);
        res.json(unit);
      });
      api.post('/transfers', express.json({ limit: '4kb' }), async (req, res) => {
        const body = StartTransferSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        if (!store.actor(body.data.operatorNumber)) return notFound(res);
        res.status(201).json(withCode(await store.startTransfer(body.data.operatorNumber, body.data.reference)));
      });
      /** A signed SEPA mandate for the customer master data (docs/money.md); idempotent per creditor and reference. */
      api.post('/sepa-mandates', express.json({ limit: '4kb' }), async (req, res) => {
        const body = MandateBodySchema.safeParse(req.body);
        if (!body.success) return badRequest(res, 'invalid mandate');
        const registered = await store.registerMandate(body.data);
        if (registered === 'conflict') return res.status(409).json({ error: 'conflict', detail: 'Diese Mandatsreferenz ist schon vergeben.' });
        res.status(registered.created ? 201 : 200).json(publicMandate(registered.mandate));
      });
      api.get('/sepa-mandates/:id', (req, res) => {
        const mandate = store.mandate(req.params.id);
        if (!mandate) return notFound(res);
        res.json(publicMandate(mandate));
      });
      api.get('/transfers/:id', (req, res) => {
        const transfer = store.transfer(req.params.id);
        if (!transfer) return notFound(res);
        res.json(withCode(transfer));
      });
    },
    control(control) {
      control.get('/sepa-mandates', (_req, res) => {
        res.json({ items: store.mandates().map(publicMandate) });
      });
      control.get('/transfers', (_req, res) => {
        res.json({ items: store.transfers().map(withCode) });
      });
      /** The installer accepts the transfer the customer offered. */
      control.post('/transfers/:id/accept', controlJson, async (req, res) => {
        const transfer = await store.accept(req.params.id);
        if (!transfer) return notFound(res);
        res.json(withCode(transfer));
      });
    },
  });
}
