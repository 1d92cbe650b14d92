import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateCache, readCache, writeCache } from './apiCache.ts';
import {
  CACHE_KEEP_UNUSED_MS,
  clearPersistedState,
  decodeState,
  emptyState,
  persistedState,
  STORAGE_KEY,
} from './persisted.ts';
import {
  closeSnackbar,
  currentSnackbar,
  hideSnackbar,
  removeDuplicateSnackbars,
  showSnackbar,
  snackbarClosing,
  snackbarDuration,
  snackbarMessages,
} from './snackbar.ts';

const texts = () => snackbarMessages.get().map((m) => `${m.type}:${m.message}`);
const stored = () => {
  const raw = getTestStorage()[STORAGE_KEY];
  return raw === undefined ? undefined : JSON.parse(raw);
};

beforeAll(() => {
  useTestStorageEngine();
});

let unlisten: () => void;
beforeEach(() => {
  // Mounted like in a page with an island, so changes made in "another tab" (the test storage) arrive.
  unlisten = persistedState.listen(() => {});
  clearPersistedState();
  cleanTestStorage();
});
afterEach(() => {
  unlisten();
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('queues a message with an id and the default duration of 4500 ms', () => {
    showSnackbar({ message: 'Gespeichert', type: 'success' });

    const [message] = snackbarMessages.get();
    expect(message).toMatchObject({ message: 'Gespeichert', type: 'success' });
    expect(message?.id).toEqual(expect.any(String));
    expect(snackbarDuration(message ?? {})).toBe(4500);
    expect(snackbarDuration({ duration: 8000 })).toBe(8000);
  });

  it('does not queue a message when one with the same text and type is already queued', () => {
    showSnackbar({ message: 'Gespeichert', type: 'success' });
    showSnackbar({ message: 'Gespeichert', type: 'success' });
    showSnackbar({ message: 'Gespeichert', type: 'info' });

    expect(texts()).toEqual(['success:Gespeichert', 'info:Gespeichert']);
  });

  it('shows the oldest message, and hiding removes the oldest', () => {
    showSnackbar({ message: 'Eins', type: 'info' });
    showSnackbar({ message: 'Zwei', type: 'error' });
    expect(currentSnackbar.get()?.message).toBe('Eins');

    hideSnackbar();

    expect(texts()).toEqual(['error:Zwei']);
    expect(currentSnackbar.get()?.message).toBe('Zwei');
  });

  it('on close hides at once and removes the message from the store 200 ms later', () => {
    vi.useFakeTimers();
    showSnackbar({ message: 'Eins', type: 'info' });
    showSnackbar({ message: 'Zwei', type: 'info' });

    closeSnackbar();
    closeSnackbar(); // a second click while closing must not remove a second message
    expect(snackbarClosing.get()).toBe(true);
    vi.advanceTimersByTime(199);
    expect(texts()).toEqual(['info:Eins', 'info:Zwei']);
    vi.advanceTimersByTime(1);

    expect(texts()).toEqual(['info:Zwei']);
    expect(snackbarClosing.get()).toBe(false);
  });

  it('removes duplicates that reached the store from elsewhere, keeping the first', () => {
    const state = {
      ...emptyState(),
      snackbar: [
        { id: 'a', message: 'Eins', type: 'info' },
        { id: 'b', message: 'Eins', type: 'info' },
        { id: 'c', message: 'Zwei', type: 'info' },
      ],
    };
    setTestStorageKey(STORAGE_KEY, JSON.stringify(state));

    removeDuplicateSnackbars();

    expect(snackbarMessages.get().map((m) => m.id)).toEqual(['a', 'c']);
  });
});

describe('persisted state', () => {
  it('is kept in localStorage under the key root with version 1', () => {
    showSnackbar({ message: 'Gespeichert', type: 'success' });

    expect(stored()).toMatchObject({ version: 1, snackbar: [{ message: 'Gespeichert' }], appApi: {}, internalApi: {} });
  });

  it('discards a stored state of another version', () => {
    const old = { ...emptyState(), version: 2, snackbar: [{ id: 'a', message: 'Alt', type: 'info' }] };
    expect(decodeState(JSON.stringify(old))).toEqual(emptyState());

    setTestStorageKey(STORAGE_KEY, JSON.stringify(old));
    expect(persistedState.get()).toEqual(emptyState());
  });

  it('discards damaged JSON and a changed shape', () => {
    expect(decodeState('{not json')).toEqual(emptyState());
    expect(decodeState(JSON.stringify({ version: 1, snackbar: 'x' }))).toEqual(emptyState());
  });

  it('leaves nothing in localStorage once cleared, as on logout', () => {
    showSnackbar({ message: 'Gespeichert', type: 'success' });
    writeCache('internalApi', '/api/v1/internal/user/project', [{ id: 1 }]);
    expect(stored()).toBeDefined();

    clearPersistedState();

    expect(getTestStorage()).not.toHaveProperty(STORAGE_KEY);
    expect(persistedState.get()).toEqual(emptyState());
  });
});

describe('API cache', () => {
  const url = '/api/v1/internal/user/project';
  const t0 = 1_800_000_000_000;

  it('answers a cached GET by URL with the time it was fetched', () => {
    writeCache('internalApi', url, [{ id: 7 }], t0);

    expect(readCache('internalApi', url, t0 + 1000)).toMatchObject({ data: [{ id: 7 }], fetchedAt: t0 });
    expect(readCache('appApi', url, t0 + 1000)).toBeUndefined();
  });

  it('drops an entry nobody used for 60 seconds', () => {
    writeCache('internalApi', url, [{ id: 7 }], t0);

    expect(readCache('internalApi', url, t0 + CACHE_KEEP_UNUSED_MS)).toBeUndefined();
    expect(stored()).toBeUndefined();
  });

  it('keeps an entry that is read within 60 seconds for another 60 seconds', () => {
    writeCache('internalApi', url, [{ id: 7 }], t0);
    readCache('internalApi', url, t0 + 59_000);

    expect(readCache('internalApi', url, t0 + 59_000 + 59_000)?.data).toEqual([{ id: 7 }]);
  });

  it('drops expired entries when the state is read from localStorage', () => {
    const state = { ...emptyState(), appApi: { '/a': { data: 1, fetchedAt: t0, usedAt: t0 } } };

    expect(decodeState(JSON.stringify(state), t0 + 30_000).appApi).toHaveProperty('/a');
    expect(decodeState(JSON.stringify(state), t0 + 60_000).appApi).toEqual({});
  });

  it('forgets URLs under a prefix after a change on the server', () => {
    writeCache('internalApi', `${url}`, 1, t0);
    writeCache('internalApi', '/api/v1/internal/installation', 2, t0);

    invalidateCache('internalApi', '/api/v1/internal/user');

    expect(Object.keys(persistedState.get().internalApi)).toEqual(['/api/v1/internal/installation']);
  });
});
