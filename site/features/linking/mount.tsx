import { createRoot } from 'react-dom/client';
import Snackbar, { snackbarMessageKeys } from '~/site/components/Snackbar.tsx';
import Toaster, { toastMessageKeys } from '~/site/components/Toast.tsx';
import type { IslandMessages } from '~/site/i18n/island.ts';
import LinkProject, { linkDialogRequested, linkProjectMessageKeys } from './LinkProject.tsx';

/** Every text the lazily loaded linking code shows (LinkProjectButton.astro hands them over as JSON). */
export const linkIslandMessageKeys = [...linkProjectMessageKeys, ...snackbarMessageKeys, ...toastMessageKeys] as const;
export type LinkIslandMessages = IslandMessages<(typeof linkIslandMessageKeys)[number]>;

let mounted = false;

/**
 * The dashboard's linking island, loaded by boot.ts on the first interaction with the link button (or a mail link in
 * the address): the link and code dialogs plus the snackbar and toasts they report through. Mounted once per page.
 */
export function mount(host: HTMLElement, messages: LinkIslandMessages): void {
  if (mounted) return;
  mounted = true;
  createRoot(host).render(
    <>
      <LinkProject messages={messages} />
      <Snackbar messages={messages} />
      <Toaster messages={messages} />
    </>,
  );
}

/** The link button was pressed: open the dialog (at once, or as soon as the island has rendered). */
export function openLinkDialog(): void {
  linkDialogRequested.set(true);
}
