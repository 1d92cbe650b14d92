import { CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';
import type { TourStep } from './steps.ts';

interface Labels {
  next: string;
  back: string;
  finish: string;
  end: string;
  progress: string;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** A lead-tour step names the journey status it reaches (empty: the status is there already). */
type Step = TourStep & { status?: string };

/**
 * The dashboard tour as a small accessible dialog (react-joyride 3 would cost React plus ~26 KB gzip, see
 * docs/account.md): `role="dialog"` with `aria-modal`, the rest of the page inert, focus on the step's heading at each
 * step, Tab kept inside, Escape ends, arrow keys go back and forth; the element of the step is scrolled into view under
 * a spotlight. At the end (finished or ended) the portal learns the tour was seen and the focus returns to the opener.
 * The lead dashboard's tour (docs/funnel.md) runs the same dialog and moves the journey status forward instead: started at
 * the first step (`data-start-status`), each step's own status when the lead goes on from it (`PATCH user/journey`).
 */
export function startTour(root: HTMLElement, opener: HTMLElement): void {
  if (document.querySelector('.tour-dialog')) return;
  const labels = JSON.parse(root.dataset.labels ?? '{}') as Labels;
  const visible = (element: Element | null): element is HTMLElement => element instanceof HTMLElement && element.getClientRects().length > 0;
  const steps = (JSON.parse(root.dataset.steps ?? '[]') as Step[])
    .map((step) => ({ step, target: [...document.querySelectorAll(`[data-tour="${step.target}"]`)].find(visible) ?? null }))
    .filter((entry): entry is { step: Step; target: HTMLElement } => entry.target !== null);
  if (steps.length === 0) return;
  const send = (url: string, method: string, body: object) =>
    void fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  const reach = (status: string | undefined) => {
    if (status && root.dataset.journeyEndpoint) send(root.dataset.journeyEndpoint, 'PATCH', { journeyStatus: status });
  };
  reach(root.dataset.startStatus);

  const outside = [...document.body.children].filter((element): element is HTMLElement => element instanceof HTMLElement && !element.inert);
  // A transparent layer that takes stray clicks, and a spotlight over the step's element that dims everything else.
  const backdrop = document.createElement('div');
  backdrop.className = 'tour-backdrop';
  const spotlight = document.createElement('div');
  spotlight.className = 'tour-spotlight';
  const dialog = document.createElement('div');
  dialog.className = 'tour-dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'tour-title');
  dialog.setAttribute('aria-describedby', 'tour-text');
  dialog.innerHTML = `<p class="tour-dialog__progress"></p><h2 id="tour-title" tabindex="-1"></h2><p id="tour-text"></p>
<div class="tour-dialog__actions"><button type="button" class="button button--secondary" data-back></button><button type="button" class="button button--primary" data-next></button><button type="button" class="tour-dialog__end" data-end></button></div>`;
  // The elements were just written above: they are there.
  const part = <E extends Element>(selector: string) => dialog.querySelector<E>(selector) as E;
  const [progress, title, text] = [part<HTMLElement>('p'), part<HTMLElement>('h2'), part<HTMLElement>('#tour-text')];
  const back = part<HTMLButtonElement>('[data-back]');
  const next = part<HTMLButtonElement>('[data-next]');
  const end = part<HTMLButtonElement>('[data-end]');
  back.textContent = labels.back;
  end.textContent = labels.end;

  let index = 0;

  function place(target: HTMLElement) {
    const box = target.getBoundingClientRect();
    Object.assign(spotlight.style, { top: `${box.top - 6}px`, left: `${box.left - 6}px`, width: `${box.width + 12}px`, height: `${box.height + 12}px` });
    if (window.innerWidth < 768) {
      dialog.style.top = '';
      dialog.style.left = '';
      return;
    }
    const rect = target.getBoundingClientRect();
    const height = dialog.offsetHeight;
    const below = rect.bottom + 16 + height < window.innerHeight;
    dialog.style.top = `${Math.max(12, below ? rect.bottom + 16 : rect.top - 16 - height)}px`;
    dialog.style.bottom = 'auto';
    dialog.style.left = `${Math.min(Math.max(12, rect.left), window.innerWidth - dialog.offsetWidth - 12)}px`;
  }

  function show(i: number) {
    index = i;
    const current = steps[i];
    if (!current) return;
    const { step, target } = current;
    target.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    progress.textContent = labels.progress.replace('{step}', String(i + 1)).replace('{total}', String(steps.length));
    title.textContent = step.title;
    text.textContent = step.text;
    back.hidden = i === 0;
    next.textContent = i === steps.length - 1 ? labels.finish : labels.next;
    place(target);
    title.focus();
  }

  /** On from the current step: its status is reached. */
  function forward() {
    reach(steps[index]?.step.status);
    if (index === steps.length - 1) finish();
    else show(index + 1);
  }

  function finish() {
    document.removeEventListener('keydown', onKey, true);
    window.removeEventListener('resize', replace);
    window.removeEventListener('scroll', replace, true);
    dialog.remove();
    spotlight.remove();
    backdrop.remove();
    for (const element of outside) element.inert = false;
    opener.focus();
    // The dashboard tour counts as seen whether finished or ended early (DASHBOARD_TOUR_SEEN, once).
    if (root.dataset.endpoint) send(root.dataset.endpoint, 'POST', {});
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    } else if (event.key === 'ArrowRight' && index < steps.length - 1) {
      forward();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      show(index - 1);
    } else if (event.key === 'Tab') {
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hidden);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === title)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  const replace = () => {
    const current = steps[index];
    if (current) place(current.target);
  };
  back.addEventListener('click', () => show(Math.max(0, index - 1)));
  next.addEventListener('click', forward);
  end.addEventListener('click', finish);
  document.addEventListener('keydown', onKey, true);
  window.addEventListener('resize', replace);
  window.addEventListener('scroll', replace, true);
  for (const element of outside) element.inert = true;
  document.body.append(backdrop, spotlight, dialog);
  show(0);
}
