/**
 * The dashboard tour's only up-front script: the start link opens the tour in place; its code (tour.ts) loads on the
 * first press, or at once when the address asks for it (`?tour=start`, the onboarding tour page's "show me").
 */
const root = document.querySelector<HTMLElement>('[data-tour-root]');
const start = root?.querySelector<HTMLAnchorElement>('[data-tour-start]');

if (root && start) {
  const open = () =>
    import('./tour.ts').then(
      (tour) => tour.startTour(root, start),
      () => {
        // The code could not be loaded: the link's own page (the tour without JavaScript) still works.
        window.location.href = start.href;
      },
    );
  start.addEventListener('click', (event) => {
    event.preventDefault();
    void open();
  });
  // A press before this line follows the link to the tour's own page (which works without JavaScript); from here on
  // it opens in place. Tests wait for the mark.
  root.dataset.tourReady = '';
  if (new URLSearchParams(window.location.search).get('tour') === 'start') void open();
}
