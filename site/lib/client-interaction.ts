import type { ClientDirective } from 'astro';

/**
 * What counts as reaching an island: the pointer over it, a touch, focus moving into it (Tab, a click), or a key
 * pressed in it. The browser focusing an `autofocus` field while the page loads is not the customer's doing: that
 * field wakes the island with its first key instead.
 */
const EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const;
const byCustomer = (event: Event) => !(event.type === 'focusin' && event.target instanceof Element && event.target.hasAttribute('autofocus'));

/**
 * The `client:interaction` directive (site/integrations/interaction-directive.ts). Until the island hydrates, its
 * server-rendered HTML is a plain form that works on its own (docs/architecture.md, "Forms"); the island's code loads
 * the first time the customer reaches it, and what was typed meanwhile stays in the fields (the islands read it up on
 * hydration). It loads when the browser is idle only if the value names a localStorage key that holds something (a
 * draft kept in this browser, which only the island can show).
 */
const interactionDirective: ClientDirective = (load, options, el) => {
  let started = false;
  let ready = false;
  let keptPress: (() => void) | null = null;
  const whenReady = () => {
    ready = true;
    keptPress?.();
  };
  const start = (event?: Event) => {
    if (started || (event && !byCustomer(event))) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    load()
      .then((hydrate) => hydrate())
      .then(whenReady, whenReady);
  };
  // A press of the form's button while the island's code is on its way is kept and handed to the island once it is
  // there (so it sends as the island does: checked at once, draft kept); if the code cannot load, the plain post goes.
  el.addEventListener('submit', (event) => {
    if (ready || !started || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const form = event.target;
    const submitter = event instanceof SubmitEvent ? event.submitter : null;
    // React hydrates after the island's hydrate() has returned (a transition): the press waits until React owns the
    // form (its fiber key on the node), at most 5 s, then goes either way.
    const owned = () => Object.keys(form).some((key) => key.startsWith('__reactFiber'));
    keptPress = () => {
      let tries = 0;
      const tryPress = () => {
        if (owned() || (tries += 1) > 100) form.requestSubmit(submitter);
        else setTimeout(tryPress, 50);
      };
      tryPress();
    };
  });
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
  const key = typeof options.value === 'string' ? options.value : '';
  let kept = false;
  try {
    kept = key !== '' && window.localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked (privacy settings): there is no draft to show either.
  }
  if (kept) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => start(), { timeout: 2000 });
    else setTimeout(() => start(), 200);
  }
};

export default interactionDirective;
