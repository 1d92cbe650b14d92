import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { translatorFor, type IslandMessages } from '../i18n/island.ts';
import { modalLayerHost } from '../stores/modalLayer.ts';
import {
  clearSnackbar,
  closeSnackbar,
  removeDuplicateSnackbars,
  snackbarClosing,
  snackbarDuration,
  snackbarMessages,
} from '../stores/snackbar.ts';
import './Snackbar.css';

export const snackbarMessageKeys = ['snackbar.close'] as const;

interface Props {
  messages: IslandMessages<(typeof snackbarMessageKeys)[number]>;
}

/**
 * Shows the queued snackbar messages one at a time. Mount it with `client:only="react"` on pages
 * that need it (the dashboard mounts it with its linking island, features/linking/mount.tsx), never in every layout:
 * pages without islands ship no JavaScript. Rendering only in the browser
 * also means nothing is shown before the persisted state has been read.
 */
export default function Snackbar({ messages }: Props) {
  const t = translatorFor(messages);
  const queue = useStore(snackbarMessages);
  const closing = useStore(snackbarClosing);
  const host = useStore(modalLayerHost);
  const current = queue[0];
  const currentId = current?.id;
  const duration = current ? snackbarDuration(current) : 0;

  // The list is cleared on mount (docs/architecture.md "Shared UI and client state").
  useEffect(() => {
    clearSnackbar();
  }, []);

  useEffect(() => {
    if (queue.length > 1) removeDuplicateSnackbars();
  }, [queue]);

  useEffect(() => {
    if (!currentId || closing) return undefined;
    const timer = setTimeout(closeSnackbar, duration);
    return () => clearTimeout(timer);
  }, [currentId, duration, closing]);

  const shown = current && !closing ? current : undefined;
  const body = shown && (
    <div className={`snackbar snackbar--${shown.type}`}>
      <p className="snackbar__text">{shown.message}</p>
      <button type="button" className="close-button snackbar__close" onClick={closeSnackbar} aria-label={t('snackbar.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );

  // The live regions stay in the page so that screen readers announce what appears in them.
  const region = (
    <div className="snackbar-region">
      <div role="status">{shown?.type !== 'error' && body}</div>
      <div role="alert">{shown?.type === 'error' && body}</div>
    </div>
  );
  // While a modal dialog is open, the rest of the page is inert and under its backdrop: show the messages inside it
  // (see stores/modalLayer.ts), e.g. the errors of the link dialog.
  return host ? createPortal(region, host) : region;
}
