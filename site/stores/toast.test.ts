import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPausableTimer,
  dismissToast,
  isDismissingSwipe,
  showToast,
  toastDuration,
  toasts,
} from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
  toasts.set([]);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('queues toasts with ids and a default duration of 5000 ms', () => {
    const first = showToast({ message: 'Projekt erfolgreich verbunden', type: 'success' });
    showToast({ message: 'Projekt nicht gefunden', type: 'error', duration: 8000 });

    expect(toasts.get().map((t) => t.message)).toEqual(['Projekt erfolgreich verbunden', 'Projekt nicht gefunden']);
    expect(toastDuration(toasts.get()[0] ?? {})).toBe(5000);
    expect(toastDuration(toasts.get()[1] ?? {})).toBe(8000);

    dismissToast(first);
    expect(toasts.get().map((t) => t.message)).toEqual(['Projekt nicht gefunden']);
  });

  it('dismisses on a swipe to the right of at least 50 px only', () => {
    expect(isDismissingSwipe(49)).toBe(false);
    expect(isDismissingSwipe(50)).toBe(true);
    expect(isDismissingSwipe(-80)).toBe(false);
  });
});

describe('auto-close timer', () => {
  it('closes after its duration', () => {
    const onTimeout = vi.fn();
    createPausableTimer(onTimeout, 5000);

    vi.advanceTimersByTime(4999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stops while paused and runs on with the time that was left', () => {
    const onTimeout = vi.fn();
    const timer = createPausableTimer(onTimeout, 5000);

    vi.advanceTimersByTime(3000);
    timer.pause();
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(timer.remaining()).toBe(2000);

    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores a second pause or resume and can be paused several times', () => {
    const onTimeout = vi.fn();
    const timer = createPausableTimer(onTimeout, 5000);

    vi.advanceTimersByTime(1000);
    timer.pause();
    timer.pause();
    vi.advanceTimersByTime(1000);
    timer.resume();
    timer.resume();
    vi.advanceTimersByTime(1000);
    timer.pause();
    expect(timer.remaining()).toBe(3000);
    timer.resume();
    vi.advanceTimersByTime(3000);

    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const onTimeout = vi.fn();
    const timer = createPausableTimer(onTimeout, 5000);

    timer.cancel();
    timer.resume();
    vi.advanceTimersByTime(10_000);

    expect(onTimeout).not.toHaveBeenCalled();
  });
});
