import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { MasterData } from '../ports/master-data.ts';
import { createJsonClient } from './json-client.ts';

const ActorSchema = z.object({ number: z.string(), name: z.string() });
const UnitSchema = z.object({ number: z.string(), kind: z.string(), operatorNumber: z.string() });
const TransferSchema = z.object({ transferId: z.string(), receiver: z.object({ name: z.string(), supportCode: z.string() }) });

/** The master-data service's REST API (`X-Api-Key`). */
export function createHttpMasterData(endpoint: ServiceEndpoint): MasterData {
  const client = createJsonClient(endpoint);
  return {
    marketActor: (number) => client.request(`/market-actors/${encodeURIComponent(number)}`, { schema: ActorSchema, nullOn404: true }),
    unit: (number) => client.request(`/units/${encodeURIComponent(number)}`, { schema: UnitSchema, nullOn404: true }),
    async registerSepaMandate(mandate) {
      const registered = await client.request('/sepa-mandates', { method: 'POST', json: mandate, schema: z.object({ id: z.string().min(1).max(100) }) });
      return { id: registered.id };
    },
    async startTransfer(operatorNumber, reference) {
      const transfer = await client.request('/transfers', { method: 'POST', json: { operatorNumber, reference }, schema: TransferSchema, nullOn404: true });
      return transfer && { transferId: transfer.transferId, receiverName: transfer.receiver.name, supportCode: transfer.receiver.supportCode };
    },
  };
}
