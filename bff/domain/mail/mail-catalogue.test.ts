import { describe, expect, it } from 'vitest';
import type { Language } from '../../contracts/auth.ts';
import { accountDeletedMail, dataExportReadyMail, emailChangedNoticeMail, emailChangeLinkMail, passwordChangedMail } from '../account/account-mails.ts';
import { buildFunnelConfirmationMail } from '../funnel/funnel-mail.ts';
import { reminderMail } from '../jobs/reminders.job.ts';
import { buildFinishedMail } from '../journey/finished-mail.ts';
import { buildLinkMail } from '../linking/link-mail.ts';
import { buildAnswerMail, buildTaskConfirmationMail } from '../messages/message-mails.ts';
import { buildFunnelReferralMail, buildRefundMail, buildRefundSubmitMail, buildReferralRewardMail } from '../money/money-mails.ts';
import { buildTwoFactorMail } from '../onboarding/two-factor-mail.ts';
import { buildInvitationMail, buildReviewMail } from '../surveys/survey-mails.ts';
import { buildYieldAlertMail } from '../yield/yield-mails.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

/**
 * Every mail the portal sends a customer, built in each language with the customer's name (docs/architecture.md
 * "Mails"). The operator's alerts are German only (the installer's staff), the invitation to contacts without an
 * account carries both languages (they have no language setting); both are outside this list on purpose.
 */
const url = 'https://portal.example.de';
const installerName = 'Beispiel Solar GmbH';
const project = managedProject({
  id: 100240,
  customerNumber: '700400',
  address: { street: 'Katharinenstraße', houseNumber: '14', zip: '04109', city: 'Leipzig' },
  contact: { name: 'Mehmet Yılmaz', emails: ['mehmet@example.de'] },
  phase: 'COMPLETED',
  step: 'IN_OPERATION',
  portalUserIds: ['kp|mehmet'],
});
const firstName = 'Mehmet';

const catalogue: Record<string, (lang: Language) => { subject: string; text: string; html: string }> = {
  emailChangeLink: (lang) => emailChangeLinkMail({ newEmail: 'neu@example.de', link: url, hours: 24, lang }),
  emailChangedNotice: (lang) => emailChangedNoticeMail({ firstName, newEmailMasked: 'n***@example.de', lang }),
  passwordChanged: (lang) => passwordChangedMail({ firstName, lang }),
  dataExportReady: (lang) => dataExportReadyMail({ firstName, link: url, days: 7, lang }),
  accountDeleted: (lang) => accountDeletedMail({ firstName, retained: ['x'], lang }),
  funnelConfirmation: (lang) =>
    buildFunnelConfirmationMail({ firstName, topics: ['SOLAR', 'STORAGE'], phoneNumber: '+491712345678', salesRep: null, installerName, privacyUrl: url, signInUrl: url, lang }),
  reminder: (lang) => reminderMail({ publicUrl: url, installerName }, { key: 'step:DELIVERY', title: { de: 'Lieferung bestätigen', en: 'Confirm the delivery' }, href: '/home/app/my-project', openSince: new Date() }, 100240, 1, { lang, firstName }),
  finished: (lang) => buildFinishedMail({ publicUrl: url, installerName, project, journey: null, monitored: true, lang }),
  link: (lang) => buildLinkMail(url, 'Mehmet Yılmaz', [{ project, code: '123456' }], lang),
  answer: (lang) => buildAnswerMail({ publicUrl: url, installerName, subject: 'Wechselrichter', threadPath: '/home/app/messages/T-1', lang, firstName }),
  taskConfirmation: (lang) => buildTaskConfirmationMail({ publicUrl: url, installerName, name: firstName, subject: 'Wechselrichter', taskId: 'T-1', threadPath: '/home/app/messages/T-1', lang }),
  refund: (lang) => buildRefundMail({ publicUrl: url, installerName, projectId: 100240, amount: '312.45', dueDate: null, lang, firstName }),
  refundOwed: (lang) => buildRefundMail({ publicUrl: url, installerName, projectId: 100241, amount: '-89.90', dueDate: '2026-12-01', lang, firstName }),
  refundSubmit: (lang) => buildRefundSubmitMail({ publicUrl: url, installerName, name: firstName, projectId: 100240, amount: '312.45', accountHolder: 'Mehmet Yilmaz', iban: 'DE89370400440532013000', lang }),
  referralReward: (lang) => buildReferralRewardMail({ publicUrl: url, installerName, name: firstName, referredName: 'Lena Koch', reward: '100.00', iban: 'DE89370400440532013000', lang }),
  funnelReferral: (lang) => buildFunnelReferralMail({ publicUrl: url, installerName, referredName: 'Lena Koch', referrerName: 'Mehmet Yılmaz', lang }),
  twoFactor: (lang) => buildTwoFactorMail({ publicUrl: url, firstName, code: '123456', lang }),
  surveyInvitation: (lang) => buildInvitationMail({ publicUrl: url, installerName, surveyType: 'DC', projectId: 100240, surveyPath: '/home/app/surveys/1', reminder: false, lang, firstName }),
  surveyReminder: (lang) => buildInvitationMail({ publicUrl: url, installerName, surveyType: 'AC', projectId: 100240, surveyPath: '/home/app/surveys/1', reminder: true, lang, firstName }),
  review: (lang) => buildReviewMail({ publicUrl: url, installerName, link: url, lang, firstName }),
  yieldShortDay: (lang) =>
    buildYieldAlertMail({ publicUrl: url, installerName, facts: { kind: 'SHORT_DAY', day: '2026-06-18', actualKwh: 31.2, targetKwh: 62.4 }, siteName: 'Katharinenstraße 14', threadPath: '/home/app/messages/T-1', lang, firstName }),
  yieldStale: (lang) =>
    buildYieldAlertMail({ publicUrl: url, installerName, facts: { kind: 'STALE', lastSeenAt: '2026-11-27T06:15:00+01:00' }, siteName: 'Katharinenstraße 14', threadPath: '/home/app/messages/T-1', lang, firstName }),
};

/** Words that give away a German text in an English mail, and the other way round. */
const GERMAN = /\b(Du|Dich|Dir|Dein|Deine|Deinen|Deinem|Deiner|Hallo|Grüße|und|wir|Projekt|bekommst|E-Mail-Adresse)\b/;
const ENGLISH = /\b(you|your|Hello|regards|the|and|project)\b/;

describe('every mail of the portal, in the customer language', () => {
  it.each(Object.keys(catalogue))('%s is complete in English and in German', (name) => {
    const build = catalogue[name] as (lang: Language) => { subject: string; text: string; html: string };
    const en = build('en');
    const de = build('de');
    // The greeting by name: the recipient's name where it is known (the change-link mail goes to an unproven address).
    const hello = name === 'emailChangeLink' ? 'Hello,' : /Hello (Mehmet|Mehmet Yılmaz|Lena Koch),/;
    expect(en.text).toMatch(hello);
    expect(de.text).toMatch(name === 'emailChangeLink' ? 'Hallo,' : /Hallo (Mehmet|Mehmet Yılmaz|Lena Koch),/);
    expect(en.html).toContain('<html lang="en">');
    expect(de.html).toContain('<html lang="de">');
    // Installer texts (a message subject, a reminder's to-do) may stay German; the mail's own words may not.
    const ownWords = (text: string) => text.replace(/https?:\/\/\S+/g, '').replace(/„[^“]*“|“[^”]*”/g, '').replace(/Wechselrichter|Marktstammdatenregister|Katharinenstraße|MsbG/g, '');
    expect(ownWords(`${en.subject}\n${en.text}`)).not.toMatch(GERMAN);
    expect(ownWords(`${de.subject}\n${de.text}`)).not.toMatch(ENGLISH);
    expect(en.subject).not.toBe(de.subject);
  });
});
