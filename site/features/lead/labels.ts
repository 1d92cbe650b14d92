import type { LeadContentTopic } from '~/bff/contracts/funnel.ts';
import type { RichText } from '~/bff/contracts/help.ts';
import { LEAD_TOUR_STATUS, type LeadDashboardView } from '~/bff/contracts/lead.ts';
import { journeyRank, type ContactMethod, type JourneyStatus } from '~/bff/contracts/onboarding.ts';
import type { Translate } from '~/site/i18n/index.ts';
import type { TourStep } from '../tour/index.ts';

/** A product line's name (the funnel's words). */
export function topicName(t: Translate, topic: LeadContentTopic): string {
  const texts = {
    SOLAR: t('funnel.topicSolar'),
    STORAGE: t('funnel.topicStorage'),
    CHARGE: t('funnel.topicCharge'),
    IQ: t('funnel.topicIq'),
    OFFGRID: t('funnel.topicOffgrid'),
  } satisfies Record<LeadContentTopic, string>;
  return texts[topic];
}

export function contactLabel(t: Translate, method: ContactMethod): string {
  const texts = {
    WHATSAPP: t('lead.contactWhatsapp'),
    PHONE: t('lead.contactPhone'),
    MAIL: t('lead.contactMail'),
  } satisfies Record<ContactMethod, string>;
  return texts[method];
}

/** The status a step reaches, or '' when the lead is past it (the journey only moves forward). */
const ahead = (current: JourneyStatus, status: JourneyStatus) => (journeyRank(status) > journeyRank(current) ? status : '');

/**
 * The lead-phase tour (docs/funnel.md): three slides over the lead dashboard, each its own journey status
 * (LEAD_PHASE_TOUR_SLIDE_1..3). One list for the tour pages (without JavaScript) and the dialog.
 */
export function leadTourSteps(t: Translate, current: JourneyStatus): (TourStep & { status: string })[] {
  return [
    { id: 'rep', target: 'lead-rep', title: t('lead.tourRepTitle'), text: t('lead.tourRepText'), status: ahead(current, LEAD_TOUR_STATUS['1']) },
    { id: 'content', target: 'lead-content', title: t('lead.tourContentTitle'), text: t('lead.tourContentText'), status: ahead(current, LEAD_TOUR_STATUS['2']) },
    { id: 'details', target: 'lead-details', title: t('lead.tourDetailsTitle'), text: t('lead.tourDetailsText'), status: ahead(current, LEAD_TOUR_STATUS['3']) },
  ];
}

/** The tour's start status for the dialog ('' when the lead started it before). */
export const tourStartStatus = (current: JourneyStatus) => ahead(current, LEAD_TOUR_STATUS.start);

/** The tour is offered on its own once the contact details are there, until the lead took it or said "later". */
export const offersTour = (view: Pick<LeadDashboardView, 'contactDetailsComplete' | 'journeyStatus'>) =>
  view.contactDetailsComplete && journeyRank(view.journeyStatus) < journeyRank(LEAD_TOUR_STATUS.later);

/** A card's teaser: the first paragraph of the content as plain text. */
export function teaserOf(text: RichText): string {
  const first = text.find((block) => block.type === 'paragraph');
  if (!first || first.type !== 'paragraph') return '';
  return first.children.map((node) => (node.type === 'text' ? node.text : node.children.map((child) => child.text).join(''))).join('');
}
