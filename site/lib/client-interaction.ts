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
  const start = (event?: Event) => {
    if (started || (event && !byCustomer(event))) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
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
