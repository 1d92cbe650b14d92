import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { JsonFile } from '../shared/json-store.ts';

/** MaStR numbers: three letters and twelve digits (market actor "ABR…", unit "SEE…"). */
export const ActorNumberSchema = z.string().regex(/^ABR\d{12}$/);
export const UnitNumberSchema = z.string().regex(/^SEE\d{12}$/);

const MarketActorSchema = z.strictObject({ number: ActorNumberSchema, name: z.string().min(1), zip: z.string(), city: z.string() });
const UnitSchema = z.strictObject({
  number: UnitNumberSchema,
  kind: z.enum(['SOLAR', 'STORAGE']),
  name: z.string().min(1),
  netPowerKw: z.number().positive(),
  operatorNumber: ActorNumberSchema,
});
const RegisterSchema = z.strictObject({
  installerAccount: z.strictObject({ name: z.string(), supportCode: z.string().regex(/^\d{12}$/) }),
  marketActors: z.array(MarketActorSchema),
  units: z.array(UnitSchema),
});
export type Register = z.infer<typeof RegisterSchema>;

const TransferSchema = z.object({
  transferId: z.string(),
  operatorNumber: ActorNumberSchema,
  reference: z.string(),
  status: z.enum(['WAITING_FOR_OFFER', 'ACCEPTED', 'CANCELLED']),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Transfer = z.infer<typeof TransferSchema>;
/** A signed SEPA mandate in the customer master data (docs/money.md), the reference unique per creditor identifier. */
export const MandateBodySchema = z.strictObject({
  mandateReference: z.string().regex(/^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/),
  creditorId: z.string().regex(/^DE\d{2}[A-Z0-9]{3}0\d{10}$/),
  projectId: z.number().int().positive(),
  debtorName: z.string().min(1).max(140),
  iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/),
  bic: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/).nullable(),
  sequenceType: z.enum(['RCUR', 'OOFF']),
  signedAt: z.iso.datetime(),
  signedPlace: z.string().min(1).max(80),
});
const MandateSchema = MandateBodySchema.extend({ id: z.string(), status: z.enum(['ACTIVE', 'REVOKED']), createdAt: z.string() });
export type Mandate = z.infer<typeof MandateSchema>;
const StateSchema = z.object({ version: z.literal(1), transfers: z.array(TransferSchema), mandates: z.array(MandateSchema).default([]) });
type State = z.infer<typeof StateSchema>;

const DEMO_REGISTER_FILE = new URL('./demo-register.json', import.meta.url);

/**
 * The master-data service's view of the Marktstammdatenregister: market actors and units (demo data, read-only) and
 * the transfers of a market actor to the installer's service-provider account that customers started.
 */
export class MasterDataStore {
  readonly register: Register;
  readonly #file: JsonFile<State>;
  #state: State;

  private constructor(register: Register, file: JsonFile<State>, state: State) {
    this.register = register;
    this.#file = file;
    this.#state = state;
  }

  static async open(file: string, log: (line: string) => void): Promise<MasterDataStore> {
    const register = RegisterSchema.parse(JSON.parse(await readFile(DEMO_REGISTER_FILE, 'utf8')));
    const { store, saved } = await JsonFile.open(file, 'Stammdaten', log, (json) => {
      const parsed = StateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    return new MasterDataStore(register, store, saved ?? { version: 1, transfers: [], mandates: [] });
  }

  actor(number: string) {
    return this.register.marketActors.find((a) => a.number === number);
  }

  unit(number: string) {
    return this.register.units.find((u) => u.number === number);
  }

  /** An open transfer of this actor is reused, so a customer who sends the form twice gets the same one. */
  async startTransfer(operatorNumber: string, reference: string): Promise<Transfer> {
    const open = this.#state.transfers.find((t) => t.operatorNumber === operatorNumber && t.reference === reference && t.status === 'WAITING_FOR_OFFER');
    if (open) return structuredClone(open);
    const transfer: Transfer = {
      transferId: randomUUID(),
      operatorNumber,
      reference,
      status: 'WAITING_FOR_OFFER',
      createdAt: new Date().toISOString(),
      acceptedAt: null,
    };
    this.#state.transfers.push(transfer);
    await this.#file.save(this.#state);
    return structuredClone(transfer);
  }

  transfer(id: string): Transfer | undefined {
    const found = this.#state.transfers.find((t) => t.transferId === id);
    return found && structuredClone(found);
  }

  transfers(): Transfer[] {
    return structuredClone(this.#state.transfers);
  }

  async accept(id: string): Promise<Transfer | undefined> {
    const found = this.#state.transfers.find((t) => t.transferId === id);
    if (!found) return undefined;
    found.status = 'ACCEPTED';
    found.acceptedAt = new Date().toISOString();
    await this.#file.save(this.#state);
    return structuredClone(found);
  }

  /** A mandate once per creditor and reference: the same again answers the stored one; another body is a conflict. */
  async registerMandate(body: z.infer<typeof MandateBodySchema>): Promise<{ mandate: Mandate; created: boolean } | 'conflict'> {
    const known = this.#state.mandates.find((m) => m.creditorId === body.creditorId && m.mandateReference === body.mandateReference);
    if (known) return known.iban === body.iban && known.projectId === body.projectId ? { mandate: structuredClone(known), created: false } : 'conflict';
    const mandate: Mandate = { ...body, id: `MDS-${randomUUID().slice(0, 8).toUpperCase()}`, status: 'ACTIVE', createdAt: new Date().toISOString() };
    this.#state.mandates.push(mandate);
    await this.#file.save(this.#state);
    return { mandate: structuredClone(mandate), created: true };
  }

  mandate(id: string): Mandate | undefined {
    const found = this.#state.mandates.find((m) => m.id === id);
    return found && structuredClone(found);
  }

  mandates(): Mandate[] {
    return structuredClone(this.#state.mandates);
  }

  async reset(): Promise<void> {
    this.#state = { version: 1, transfers: [], mandates: [] };
    await this.#file.save(this.#state);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
