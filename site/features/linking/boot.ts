import { LINK_MAIL_PARAMS } from '~/bff/contracts/link-params.ts';
import type * as Island from './mount.tsx';

/**
 * The only script the dashboard loads up front (LinkProjectButton.astro): it wires the server-rendered link button
 * and loads the React linking island (mount.tsx, with React itself) only when it is needed:
 * - on the first press of the button; that press is kept and opens the dialog once the code has arrived;
 * - a little earlier when the pointer or focus reaches the button (the press then usually finds it loaded);
 * - at once when the address carries a mail link or the project-link check's request to open the dialog.
 * Never merely because the page has loaded: most visits never open the dialog (docs/architecture.md).
 * If the code cannot be loaded (offline, a new release replaced the files), the button says so and a later press
 * tries again.
 */
const button = document.querySelector<HTMLButtonElement>('[data-link-project]');
const host = document.querySelector<HTMLElement>('[data-link-project-host]');
const status = document.querySelector<HTMLElement>('[data-link-project-status]');

if (button && host && status) {
  const messages = JSON.parse(host.dataset.messages ?? '{}') as Island.LinkIslandMessages;
  let loading: Promise<typeof Island> | null = null;

  const load = (): Promise<typeof Island> => {
    loading ??= import('./mount.tsx').then(
      (island) => {
        island.mount(host, messages);
        return island;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  button.addEventListener('click', (event) => {
    event.preventDefault();
    status.textContent = '';
    button.setAttribute('aria-busy', 'true');
    load()
      .then((island) => island.openLinkDialog())
      .catch(() => {
        status.textContent = button.dataset.loadFailed ?? '';
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
  for (const type of ['pointerenter', 'touchstart', 'focus'] as const) {
    button.addEventListener(type, () => void load().catch(() => undefined), { once: true, passive: true });
  }

  const params = new URLSearchParams(window.location.search);
  if (Object.values(LINK_MAIL_PARAMS).some((name) => params.has(name))) {
    void load().catch(() => {
      status.textContent = button.dataset.loadFailed ?? '';
    });
  }
}
