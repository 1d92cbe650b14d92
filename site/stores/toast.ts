import { atom } from 'nanostores';
import type { SnackbarType } from './persisted.ts';

/** The figures of docs/architecture.md "Shared UI and client state". */
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastType = SnackbarType;

export interface ToastInput {
  message: string;
  type: ToastType;
  duration?: number;
}

export interface ToastMessage extends ToastInput {
  id: string;
}

/**
 * Toasts live for one page only (unlike the snackbar, they are not persisted): they answer something the customer
 * just did on this page.
 */
export const toasts = atom<readonly ToastMessage[]>([]);

let lastId = 0;

export function showToast(input: ToastInput): string {
  lastId += 1;
  const id = `toast-${lastId}`;
  toasts.set([...toasts.get(), { ...input, id }]);
  return id;
}

export function dismissToast(id: string): void {
  const kept = toasts.get().filter((toast) => toast.id !== id);
  if (kept.length !== toasts.get().length) toasts.set(kept);
}

export function toastDuration(toast: Pick<ToastMessage, 'duration'>): number {
  return toast.duration ?? TOAST_DEFAULT_DURATION_MS;
}

export interface PausableTimer {
  pause(): void;
  resume(): void;
  /** Stops for good; pause and resume do nothing afterwards. */
  cancel(): void;
  /** Milliseconds left until the callback runs. */
  remaining(): number;
}

/**
 * A timeout that can be paused and resumed, keeping the time that was left (a toast's auto-close pauses on
 * hover, focus or window blur and resumes afterwards). Starts running at once.
 */
export function createPausableTimer(onTimeout: () => void, duration: number): PausableTimer {
  let left = duration;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  function start() {
    startedAt = Date.now();
    handle = setTimeout(() => {
      handle = undefined;
      done = true;
      onTimeout();
    }, left);
  }

  start();
  return {
    pause() {
      if (done || handle === undefined) return;
      clearTimeout(handle);
      handle = undefined;
      left = Math.max(0, left - (Date.now() - startedAt));
    },
    resume() {
      if (done || handle !== undefined) return;
      start();
    },
    cancel() {
      done = true;
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    },
    remaining() {
      if (done) return 0;
      return handle === undefined ? left : Math.max(0, left - (Date.now() - startedAt));
    },
  };
}

/** A swipe to the right by at least 50 px dismisses a toast; other directions do not. */
export function isDismissingSwipe(deltaX: number): boolean {
  return deltaX >= TOAST_SWIPE_THRESHOLD_PX;
}
