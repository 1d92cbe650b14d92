import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { translatorFor, type IslandMessages } from '../i18n/island.ts';
import { modalLayerHost } from '../stores/modalLayer.ts';
import {
  createPausableTimer,
  dismissToast,
  isDismissingSwipe,
  toastDuration,
  toasts,
  type PausableTimer,
  type ToastMessage,
} from '../stores/toast.ts';
import './Toast.css';

export const toastMessageKeys = ['toast.viewportLabel', 'toast.close'] as const;

/** The hotkey that moves focus to the toasts. */
export const TOAST_HOTKEY = 'F8';

interface Props {
  messages: IslandMessages<(typeof toastMessageKeys)[number]>;
}

interface ItemProps {
  toast: ToastMessage;
  paused: boolean;
  closeLabel: string;
  onDismiss: (id: string) => void;
}

function ToastItem({ toast, paused, closeLabel, onDismiss }: ItemProps) {
  const timer = useRef<PausableTimer | null>(null);
  const element = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; pointerId: number } | null>(null);
  const duration = toastDuration(toast);
  const { id } = toast;

  useEffect(() => {
    // Runs out only while nothing pauses it, so focus is never inside a toast that closes by itself.
    const running = createPausableTimer(() => dismissToast(id), duration);
    timer.current = running;
    return () => running.cancel();
  }, [id, duration]);

  useEffect(() => {
    if (paused) timer.current?.pause();
    else timer.current?.resume();
  }, [paused]);

  // The offset goes through the CSSOM (allowed by the page's CSP), never through a style attribute.
  function setOffset(px: number) {
    element.current?.style.setProperty('--toast-swipe-x', `${px}px`);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipeStart.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setOffset(Math.max(0, event.clientX - start.x));
  }

  function handlePointerEnd(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    if (!start || start.pointerId !== event.pointerId) return;
    swipeStart.current = null;
    if (event.type === 'pointerup' && isDismissingSwipe(event.clientX - start.x)) onDismiss(id);
    else setOffset(0);
  }

  return (
    <div
      ref={element}
      className={`toast toast--${toast.type}`}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
    >
      <p className="toast__text">{toast.message}</p>
      <button type="button" className="close-button toast__close" aria-label={closeLabel} onClick={() => onDismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Toast notifications (docs/architecture.md): bottom right, 390 px wide, F8 moves focus to them; each closes
 * after 5 s, by its close button or a swipe to the right. The clocks stop while the pointer is over the toasts,
 * focus is inside them or the window is in the background. Mount once per page (the dashboard: features/linking/mount.tsx).
 */
export default function Toaster({ messages }: Props) {
  const t = translatorFor(messages);
  const list = useStore(toasts);
  const host = useStore(modalLayerHost);
  const viewport = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [windowBlurred, setWindowBlurred] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    const onBlur = () => setWindowBlurred(true);
    const onFocus = () => setWindowBlurred(false);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
  }

  function dismiss(id: string) {
    // A closing toast that held focus hands it to the viewport instead of dropping it to <body>.
    if (viewport.current?.contains(document.activeElement) && document.activeElement !== viewport.current) {
      viewport.current.focus();
    }
    dismissToast(id);
  }

  const paused = hovered || focusInside || windowBlurred;
  const region = (
    <section
      ref={viewport}
      className="toast-viewport"
      aria-label={t('toast.viewportLabel')}
      tabIndex={-1}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={handleBlur}
    >
      {/* One live region that stays in the page: toasts added to it are announced politely. */}
      <div role="status" className="toast-viewport__list">
        {list.map((toast) => (
          <ToastItem key={toast.id} toast={toast} paused={paused} closeLabel={t('toast.close')} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );

  // Above an open modal dialog the toasts must sit inside it (see stores/modalLayer.ts).
  return host ? createPortal(region, host) : region;
}
