import type { Translate } from '~/site/i18n/index.ts';

export interface TourStep {
  id: string;
  /** The element on the dashboard it points to (`data-tour`); a step whose element is not on the page is left out. */
  target: string;
  title: string;
  text: string;
}

/**
 * The tour's steps, one list for the onboarding's tour page (slides, no JavaScript) and the dashboard's tour (a dialog
 * beside each element): what the customer finds where.
 */
export function tourSteps(t: Translate): TourStep[] {
  return [
    { id: 'project', target: 'project', title: t('tour.projectTitle'), text: t('tour.projectText') },
    { id: 'navigation', target: 'navigation', title: t('tour.navigationTitle'), text: t('tour.navigationText') },
    { id: 'notifications', target: 'notifications', title: t('tour.notificationsTitle'), text: t('tour.notificationsText') },
    { id: 'profile', target: 'profile', title: t('tour.profileTitle'), text: t('tour.profileText') },
    { id: 'help', target: 'help', title: t('tour.helpTitle'), text: t('tour.helpText') },
  ];
}

/** The dialog's button and progress texts, for both tours' boot script (`{step}` and `{total}` filled in by tour.ts). */
export function tourLabels(t: Translate) {
  return {
    next: t('tour.next'),
    back: t('tour.back'),
    finish: t('tour.finish'),
    end: t('tour.end'),
    progress: t('tour.progress', { step: '{step}', total: '{total}' }),
  };
}
