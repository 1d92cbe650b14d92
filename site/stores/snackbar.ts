import { atom, computed } from 'nanostores';
import { persistedState, updatePersistedState, type SnackbarMessage, type SnackbarType } from './persisted.ts';

export type { SnackbarMessage, SnackbarType };

/** The figures of docs/architecture.md "Shared UI and client state". */
export const SNACKBAR_DEFAULT_DURATION_MS = 4500;
export const SNACKBAR_CLEAR_DELAY_MS = 200;

export interface SnackbarInput {
  message: string;
  type: SnackbarType;
  duration?: number;
}

/** The queue, oldest first. */
export const snackbarMessages = computed(persistedState, (state) => state.snackbar);

/** The message on screen: the oldest one. */
export const currentSnackbar = computed(snackbarMessages, (messages) => messages[0] ?? null);

/** True for the SNACKBAR_CLEAR_DELAY_MS between closing the snackbar and removing its message. */
export const snackbarClosing = atom(false);

let lastId = 0;
function nextId(): string {
  lastId += 1;
  return `${Date.now().toString(36)}-${lastId}`;
}

const isSame = (a: SnackbarInput, b: SnackbarInput) => a.message === b.message && a.type === b.type;

/** Adds the message only if no queued one has the same message and type. */
export function showSnackbar(input: SnackbarInput): void {
  updatePersistedState((state) =>
    state.snackbar.some((queued) => isSame(queued, input))
      ? state
      : { ...state, snackbar: [...state.snackbar, { ...input, id: nextId() }] },
  );
}

/** Removes the oldest message. */
export function hideSnackbar(): void {
  updatePersistedState((state) =>
    state.snackbar.length === 0 ? state : { ...state, snackbar: state.snackbar.slice(1) },
  );
}

/** Withdraws queued messages with these texts (an island's own notices that no longer hold). */
export function dismissSnackbars(messages: readonly string[]): void {
  if (messages.length === 0) return;
  updatePersistedState((state) => {
    const kept = state.snackbar.filter((queued) => !messages.includes(queued.message));
    return kept.length === state.snackbar.length ? state : { ...state, snackbar: kept };
  });
}

export function clearSnackbar(): void {
  updatePersistedState((state) => (state.snackbar.length === 0 ? state : { ...state, snackbar: [] }));
}

/**
 * Removes duplicates from the queue. Queues filled by another tab or an
 * older page can hold duplicates that showSnackbar would have refused; the first of each is kept.
 */
export function removeDuplicateSnackbars(): void {
  updatePersistedState((state) => {
    const unique = state.snackbar.filter(
      (message, index) => state.snackbar.findIndex((other) => isSame(other, message)) === index,
    );
    return unique.length === state.snackbar.length ? state : { ...state, snackbar: unique };
  });
}

/** On close the snackbar hides at once, and its message leaves the store 200 ms later. */
export function closeSnackbar(): void {
  if (snackbarClosing.get()) return;
  snackbarClosing.set(true);
  setTimeout(() => {
    hideSnackbar();
    snackbarClosing.set(false);
  }, SNACKBAR_CLEAR_DELAY_MS);
}

export function snackbarDuration(message: Pick<SnackbarMessage, 'duration'>): number {
  return message.duration ?? SNACKBAR_DEFAULT_DURATION_MS;
}
