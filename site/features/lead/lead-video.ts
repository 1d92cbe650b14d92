import { CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';

/**
 * The lead dashboard's only up-front script besides the tour's start (docs/funnel.md): the first play of the
 * representative's video tells the portal (`PATCH user/lead/sales-rep-video/{fileUuid}`, LEAD_VIDEO_PLAYED).
 */
for (const video of document.querySelectorAll<HTMLVideoElement>('video[data-played]')) {
  video.addEventListener(
    'play',
    () =>
      void fetch(video.dataset.played ?? '', {
        method: 'PATCH',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: '{}',
      }).catch(() => undefined),
    { once: true },
  );
}
