import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { registerModalLayerHost } from '../stores/modalLayer.ts';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  /** Called for the close button, Escape and a click on the overlay; the parent sets `open` to false. */
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close button ("Schließen"). */
  closeLabel: string;
  children: ReactNode;
  /** Receives focus when the dialog opens; otherwise the browser focuses the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  /** id of an element inside that describes the dialog. */
  describedBy?: string | undefined;
  className?: string | undefined;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Modal dialog of the shared UI: a native <dialog> opened with showModal(), so the rest of the page
 * is inert; Tab and Shift+Tab also cycle inside instead of leaving for the browser's address bar. Closes with the
 * "Schließen" button, Escape and a click on the overlay; focus goes back to the element that opened it.
 * Max width 870 px (docs/architecture.md "Shared UI and client state").
 */
export function Modal({ open, onClose, title, closeLabel, children, initialFocusRef, describedBy, className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const pressStartedOnOverlay = useRef(false);
  const onCloseRef = useRef(onClose);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    const layer = layerRef.current;
    if (!open || !dialog || !layer) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    const unregister = registerModalLayerHost(layer);

    // Escape, or a close the browser forces on its own (close watchers), must reach the parent's state too.
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      unregister();
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // The <dialog> itself has no padding: a press that starts and ends on it is a press on the overlay (::backdrop).
  function handleMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressStartedOnOverlay.current = event.target === dialogRef.current;
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    if (pressStartedOnOverlay.current && event.target === dialogRef.current) onClose();
    pressStartedOnOverlay.current = false;
  }

  return (
    <dialog
      ref={dialogRef}
      className={['modal', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? describedBy : undefined}
      onCancel={handleCancel}
      onKeyDown={handleKeyDown}
      onMouseDown={handleMouseDown}
      onClick={handleClick}
    >
      {open && (
        <div className="modal__panel">
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </div>
      )}
      <div ref={layerRef} className="modal__layer" />
    </dialog>
  );
}
