/**
 * In-memory storage for oidc-provider's models (sessions, interactions, codes, tokens, grants).
 * oidc-provider has the same thing built in but prints a "MUST change" warning on every start; the sandbox is
 * local-only and losing its sessions on restart is fine, so it brings its own. Interface: oidc-provider's
 * `Adapter` (upsert, find, findByUid, findByUserCode, consume, destroy, revokeByGrantId).
 */

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

interface Entry {
  payload: Payload;
  /** epoch ms; Infinity when the model has no expiry */
  expiresAt: number;
}

// Bounds memory if someone hammers the authorization endpoint; old entries go first.
const MAX_ENTRIES = 10_000;
// oidc-provider's clockTolerance (15 s by default): keep artefacts that long past their expiry.
const TOLERANCE_SECONDS = 15;

/** A provider session as the adapter keeps it: its id (the cookie's value) and the clients it signed in to. */
export interface StoredSession {
  id: string;
  accountId: string;
  /** Per client: the session id it was given (`sid`) and its grant. */
  authorizations: Record<string, { sid?: string; grantId?: string }>;
}

export function createMemoryAdapter() {
  const entries = new Map<string, Entry>();
  const sessionUids = new Map<string, string>();
  const userCodes = new Map<string, string>();
  const grants = new Map<string, Set<string>>();

  function read(key: string): Payload | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  function write(key: string, payload: Payload, expiresIn: number | undefined): void {
    entries.delete(key);
    entries.set(key, { payload, expiresAt: expiresIn === undefined ? Infinity : Date.now() + (expiresIn + TOLERANCE_SECONDS) * 1000 });
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  class MemoryAdapter {
    readonly #model: string;

    constructor(model: string) {
      this.#model = model;
    }

    #key(id: string): string {
      return `${this.#model}:${id}`;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const key = this.#key(id);
      write(key, payload, expiresIn);
      if (this.#model === 'Session' && payload.uid) sessionUids.set(payload.uid, id);
      if (payload.userCode) userCodes.set(payload.userCode, id);
      if (payload.grantId) {
        const members = grants.get(payload.grantId) ?? new Set<string>();
        members.add(key);
        grants.set(payload.grantId, members);
        if (grants.size > MAX_ENTRIES) {
          const oldest = grants.keys().next().value;
          if (oldest !== undefined) grants.delete(oldest);
        }
      }
    }

    async find(id: string): Promise<Payload | undefined> {
      return read(this.#key(id));
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      const id = sessionUids.get(uid);
      return id === undefined ? undefined : read(this.#key(id));
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      const id = userCodes.get(userCode);
      return id === undefined ? undefined : read(this.#key(id));
    }

    async consume(id: string): Promise<void> {
      const payload = read(this.#key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      const key = this.#key(id);
      const payload = read(key);
      entries.delete(key);
      if (payload?.uid && sessionUids.get(payload.uid) === id) sessionUids.delete(payload.uid);
      if (payload?.userCode && userCodes.get(payload.userCode) === id) userCodes.delete(payload.userCode);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of grants.get(grantId) ?? []) entries.delete(key);
      grants.delete(grantId);
    }
  }

  return {
    Adapter: MemoryAdapter,
    /**
     * The live sessions of an account: what the provider ends, with a back-channel logout to each client, when the
     * account is blocked, disabled, deleted or signed out by an administrator (sandbox/identity/sessions.ts).
     */
    sessionsOf(accountId: string): StoredSession[] {
      const found: StoredSession[] = [];
      for (const key of [...entries.keys()]) {
        if (!key.startsWith('Session:')) continue;
        const payload = read(key);
        if (payload?.accountId !== accountId) continue;
        found.push({ id: key.slice('Session:'.length), accountId, authorizations: (payload.authorizations ?? {}) as StoredSession['authorizations'] });
      }
      return found;
    },
  };
}
