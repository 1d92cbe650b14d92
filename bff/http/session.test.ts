import session from 'express-session';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { countDataVersion, sweepWhenPruning, throttleTouch } from './session.ts';

/** A store that records what reaches the database. */
function recordingStore() {
  const calls: string[] = [];
  const store = new session.MemoryStore();
  store.touch = (sid, _sess, callback) => {
    calls.push(`touch ${sid}`);
    callback?.();
  };
  const destroy = store.destroy.bind(store);
  store.destroy = (sid, callback) => {
    calls.push(`destroy ${sid}`);
    destroy(sid, callback);
  };
  return { store, calls };
}
const cookie = { originalMaxAge: 1_800_000 } as session.Cookie;
const sess = { cookie } as session.SessionData;

describe('throttleTouch', () => {
  it('writes the rolling expiry at most once per interval and session, and always answers', () => {
    let now = 0;
    const { store, calls } = recordingStore();
    const throttled = throttleTouch(store, 60_000, () => now);
    let answered = 0;
    const touch = (sid: string) => throttled.touch?.(sid, sess, () => answered++);
    touch('a');
    now = 30_000;
    touch('a');
    touch('b');
    now = 60_000;
    touch('a');
    expect(calls).toEqual(['touch a', 'touch b', 'touch a']);
    expect(answered).toBe(4);
  });

  it('forgets a destroyed session, so a new sign-in with the same id is written at once', () => {
    const { store, calls } = recordingStore();
    const throttled = throttleTouch(store, 60_000, () => 0);
    throttled.touch?.('a', sess, () => undefined);
    throttled.destroy('a', () => undefined);
    throttled.touch?.('a', sess, () => undefined);
    expect(calls).toEqual(['touch a', 'destroy a', 'touch a']);
  });

  it('keeps a bounded memory', () => {
    const { store, calls } = recordingStore();
    const throttled = throttleTouch(store, 60_000, () => 0, 2);
    for (const sid of ['a', 'b', 'c', 'a']) throttled.touch?.(sid, sess, () => undefined);
    expect(calls).toEqual(['touch a', 'touch b', 'touch c', 'touch a']);
  });
});

describe('sweepWhenPruning', () => {
  it('sweeps expired form flashes before every pruning, and prunes also when the sweep fails', async () => {
    const calls: string[] = [];
    const failures: unknown[] = [];
    let fail = false;
    const store = sweepWhenPruning(
      { pruneSessions: (callback?: (err: Error) => void) => (calls.push('prune'), callback?.(undefined as unknown as Error)) },
      async () => {
        calls.push('sweep');
        if (fail) throw new Error('database down');
      },
      (error) => failures.push(error),
    );
    await new Promise<void>((resolve) => store.pruneSessions(() => resolve()));
    fail = true;
    await new Promise<void>((resolve) => store.pruneSessions(() => resolve()));
    expect(calls).toEqual(['sweep', 'prune', 'sweep', 'prune']);
    expect(failures).toHaveLength(1);
  });
});

describe('countDataVersion', () => {
  const request = (method: string, sessionData: Record<string, unknown>) => ({ method, session: sessionData }) as unknown as Request;
  const run = (req: Request) => countDataVersion(req, {} as Response, () => undefined);

  it('starts a version at the first signed-in request and counts only state-changing requests up', () => {
    const sessionData: Record<string, unknown> = { user: { id: 'u1' } };
    run(request('GET', sessionData));
    const first = sessionData.dataVersion as number;
    expect(first).toBeGreaterThan(0);
    run(request('GET', sessionData));
    run(request('HEAD', sessionData));
    expect(sessionData.dataVersion).toBe(first);
    run(request('POST', sessionData));
    run(request('DELETE', sessionData));
    expect(sessionData.dataVersion).toBe(first + 2);
  });

  it('leaves a signed-out session alone', () => {
    const sessionData: Record<string, unknown> = {};
    run(request('POST', sessionData));
    expect(sessionData).toEqual({});
  });
});
