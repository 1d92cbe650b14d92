import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../shared/json-store.ts';

/**
 * The review platform's invitations and reviews: a business asks for a personal invitation link per reference (the
 * portal's project id, nothing else about the customer), the customer writes a review through it, and the platform
 * reports the review back to the business with that reference.
 */
const InvitationSchema = z.object({
  id: z.string(),
  referenceId: z.string(),
  locale: z.enum(['de-DE', 'en-GB']),
  createdAt: z.iso.datetime(),
  /** The customer opened the link (the platform counts visits, not who). */
  openedAt: z.iso.datetime().nullable(),
  review: z
    .object({ stars: z.number().int().min(1).max(5), title: z.string(), text: z.string(), createdAt: z.iso.datetime() })
    .nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
const StateSchema = z.object({ version: z.literal(1), invitations: z.array(InvitationSchema) });
type State = z.infer<typeof StateSchema>;

const INITIAL_SUMMARY = { rating: 4.8, count: 312 } as const;

export class ReviewStore {
  readonly #file: JsonFile<State>;
  #state: State;
  #listeners: ((invitation: Invitation) => void)[] = [];

  private constructor(file: JsonFile<State>, state: State) {
    this.#file = file;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<ReviewStore> {
    const { store, saved } = await JsonFile.open(path.join(dataDir, 'reviews.json'), 'Bewertungen', log, (json) => {
      const parsed = StateSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    });
    return new ReviewStore(store, saved ?? { version: 1, invitations: [] });
  }

  /** Called after every new review: the stand-in reports it to the business (the portal). */
  onReview(listener: (invitation: Invitation) => void): void {
    this.#listeners.push(listener);
  }

  list(): Invitation[] {
    return structuredClone(this.#state.invitations).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  get(id: string): Invitation | undefined {
    const found = this.#state.invitations.find((i) => i.id === id);
    return found && structuredClone(found);
  }

  /** The reference's link: the same invitation for the same reference (a retry creates nothing new). */
  async invite(referenceId: string, locale: Invitation['locale']): Promise<{ invitation: Invitation; created: boolean }> {
    const existing = this.#state.invitations.find((i) => i.referenceId === referenceId);
    if (existing) return { invitation: structuredClone(existing), created: false };
    const invitation: Invitation = { id: randomUUID(), referenceId, locale, createdAt: new Date().toISOString(), openedAt: null, review: null };
    this.#state.invitations.push(invitation);
    await this.#file.save(this.#state);
    return { invitation: structuredClone(invitation), created: true };
  }

  async opened(id: string): Promise<void> {
    const invitation = this.#state.invitations.find((i) => i.id === id);
    if (!invitation || invitation.openedAt) return;
    invitation.openedAt = new Date().toISOString();
    await this.#file.save(this.#state);
  }

  /** One review per invitation; undefined for an unknown one, false when it was reviewed already. */
  async review(id: string, review: { stars: number; title: string; text: string }): Promise<boolean | undefined> {
    const invitation = this.#state.invitations.find((i) => i.id === id);
    if (!invitation) return undefined;
    if (invitation.review) return false;
    invitation.review = { ...review, createdAt: new Date().toISOString() };
    await this.#file.save(this.#state);
    for (const listener of this.#listeners) listener(structuredClone(invitation));
    return true;
  }

  /** The rating shown in widgets: the platform's existing reviews plus the ones given here. */
  summary(): { rating: number; count: number } {
    const given = this.#state.invitations.flatMap((i) => (i.review ? [i.review.stars] : []));
    const count = INITIAL_SUMMARY.count + given.length;
    const sum = INITIAL_SUMMARY.rating * INITIAL_SUMMARY.count + given.reduce((a, b) => a + b, 0);
    return { rating: Math.round((sum / count) * 10) / 10, count };
  }

  async remove(id: string): Promise<boolean> {
    const before = this.#state.invitations.length;
    this.#state.invitations = this.#state.invitations.filter((i) => i.id !== id);
    await this.#file.save(this.#state);
    return this.#state.invitations.length < before;
  }

  async reset(): Promise<void> {
    this.#state = { version: 1, invitations: [] };
    await this.#file.save(this.#state);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
