import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { JsonFile } from '../shared/json-store.ts';

/**
 * Envelopes of the e-signature stand-in, shaped like DocuSign's: one PDF, one embedded signer (`clientUserId`),
 * states sent → delivered (signing page opened) → completed | declined, or voided by the sender.
 */
const ENVELOPE_STATES = ['sent', 'delivered', 'completed', 'declined', 'voided'] as const;

const EnvelopeSchema = z.object({
  envelopeId: z.string(),
  status: z.enum(ENVELOPE_STATES),
  emailSubject: z.string(),
  documentName: z.string(),
  /** The sender's PDF, base64; after completion `signedBase64` holds the stamped copy. */
  documentBase64: z.string(),
  signedBase64: z.string().optional(),
  signer: z.object({ name: z.string(), email: z.string(), clientUserId: z.string() }),
  /** Where completion is posted (DocuSign Connect), HMAC-signed. */
  webhookUrl: z.string().optional(),
  sentDateTime: z.string(),
  deliveredDateTime: z.string().optional(),
  completedDateTime: z.string().optional(),
  declinedDateTime: z.string().optional(),
  voidedDateTime: z.string().optional(),
  voidedReason: z.string().optional(),
  /** How the signer signed, for the audit line: typed name, and whether a drawn signature was given. */
  signedAs: z.object({ typedName: z.string(), drawn: z.boolean() }).optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** A recipient view: one signing session, single use, valid for five minutes. */
const ViewSchema = z.object({
  token: z.string(),
  envelopeId: z.string(),
  returnUrl: z.string(),
  createdAt: z.number(),
  /** Set when the signing page was opened; a second opening is refused. */
  openedAt: z.number().optional(),
  /** Set when the signer finished (signed, cancelled, declined): the form cannot be sent twice. */
  usedAt: z.number().optional(),
});
export type RecipientView = z.infer<typeof ViewSchema>;

const StateSchema = z.object({ version: z.literal(1), envelopes: z.array(EnvelopeSchema), views: z.array(ViewSchema) });
type State = z.infer<typeof StateSchema>;

export const VIEW_TTL_MS = 5 * 60 * 1000;

export class EsignStore {
  readonly #file: JsonFile<State>;
  #state: State;

  private constructor(file: JsonFile<State>, state: State) {
    this.#file = file;
    this.#state = state;
  }

  static async open(file: string, log: (line: string) => void): Promise<EsignStore> {
    const { store, saved } = await JsonFile.open(file, 'E-Signatur', log, (json) => {
      const parsed = StateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    return new EsignStore(store, saved ?? { version: 1, envelopes: [], views: [] });
  }

  #save() {
    return this.#file.save(this.#state);
  }

  flush() {
    return this.#save();
  }

  reset() {
    this.#state = { version: 1, envelopes: [], views: [] };
    return this.#save();
  }

  envelope(envelopeId: string): Envelope | undefined {
    return this.#state.envelopes.find((e) => e.envelopeId === envelopeId);
  }

  async create(input: Omit<Envelope, 'envelopeId' | 'status' | 'sentDateTime'>, now: Date): Promise<Envelope> {
    const envelope: Envelope = { ...input, envelopeId: randomUUID(), status: 'sent', sentDateTime: now.toISOString() };
    this.#state.envelopes.push(envelope);
    await this.#save();
    return envelope;
  }

  async update(envelopeId: string, change: Partial<Envelope>): Promise<Envelope | undefined> {
    const envelope = this.envelope(envelopeId);
    if (!envelope) return undefined;
    Object.assign(envelope, change);
    await this.#save();
    return envelope;
  }

  async createView(envelopeId: string, returnUrl: string, now: number): Promise<RecipientView> {
    // Older sessions of the envelope end: only the newest signing URL works, as with the big providers.
    for (const view of this.#state.views) if (view.envelopeId === envelopeId && !view.usedAt) view.usedAt = now;
    this.#state.views = this.#state.views.filter((view) => now - view.createdAt < 24 * 60 * 60 * 1000);
    const view: RecipientView = { token: randomBytes(24).toString('base64url'), envelopeId, returnUrl, createdAt: now };
    this.#state.views.push(view);
    await this.#save();
    return view;
  }

  view(token: string): RecipientView | undefined {
    return this.#state.views.find((view) => view.token === token);
  }

  /** Test control: every signing link still usable counts as older than five minutes (as if the customer waited). */
  async expireViews(): Promise<number> {
    const open = this.#state.views.filter((v) => !v.usedAt);
    for (const view of open) view.createdAt -= VIEW_TTL_MS + 1_000;
    await this.#save();
    return open.length;
  }

  async markView(token: string, change: Partial<Pick<RecipientView, 'openedAt' | 'usedAt'>>): Promise<void> {
    const view = this.view(token);
    if (view) Object.assign(view, change);
    await this.#save();
  }
}
