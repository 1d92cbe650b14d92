import type { ActivityType } from '../../contracts/activity.ts';

type Words = { de: string; en: string };

/** What each mail was about, for the mail activities' names ("E-Mail gesendet: Erinnerung an einen offenen Schritt"). */
const MAIL_TOPICS = {
  REMINDER: { de: 'Erinnerung an einen offenen Schritt', en: 'reminder of an open step' },
  FINISHED: { de: 'Anlage in Betrieb', en: 'installation in operation' },
  FUNNEL: { de: 'Bestätigung Deiner Anfrage', en: 'confirmation of your request' },
  TASK_CONFIRMATION: { de: 'Eingangsbestätigung Deiner Nachricht', en: 'confirmation of your message' },
  ID_INVITATION: { de: 'Einladung ins Kundenportal', en: 'invitation to the customer portal' },
  REVIEW: { de: 'Bitte um eine Bewertung', en: 'request for a review' },
  UPDATE_EMAIL: { de: 'Änderung der E-Mail-Adresse', en: 'change of e-mail address' },
  REFUND: { de: 'Erstattung', en: 'refund' },
  REFUND_SUBMIT: { de: 'Bankverbindung für die Erstattung erhalten', en: 'bank details for the refund received' },
  FUNNEL_REFERRAL: { de: 'Empfehlung an eine bekannte Person', en: 'referral to someone you know' },
  REFERRAL_REWARD: { de: 'Empfehlungsprämie', en: 'referral reward' },
} as const satisfies Record<string, Words>;
type MailTopic = keyof typeof MAIL_TOPICS;

const mailNames = Object.fromEntries(
  (Object.entries(MAIL_TOPICS) as [MailTopic, Words][]).flatMap(([kind, topic]) => [
    [`SUCCESS_${kind}_EMAIL`, { de: `E-Mail gesendet: ${topic.de}`, en: `E-mail sent: ${topic.en}` }],
    [`FAILED_${kind}_EMAIL`, { de: `E-Mail nicht zugestellt: ${topic.de}`, en: `E-mail not delivered: ${topic.en}` }],
  ]),
) as Record<`SUCCESS_${MailTopic}_EMAIL` | `FAILED_${MailTopic}_EMAIL`, Words>;

/**
 * Every activity type in words, German and English (the data export names each entry, so a customer can read what a
 * type like PAGE_VISITED means; docs/account.md "The customer's own data"). Complete by type: a new type needs its words here.
 */
export const ACTIVITY_NAMES: Record<ActivityType, Words> = {
  AC_SURVEY_INVITATION_SENT: { de: 'Einladung zur Umfrage nach der AC-Montage gesendet', en: 'Invitation to the survey after the AC installation sent' },
  AC_SURVEY_INVITATION_FAILED: { de: 'Einladung zur Umfrage nach der AC-Montage nicht zugestellt', en: 'Invitation to the survey after the AC installation not delivered' },
  DC_SURVEY_INVITATION_SENT: { de: 'Einladung zur Umfrage nach der DC-Montage gesendet', en: 'Invitation to the survey after the DC installation sent' },
  DC_SURVEY_INVITATION_FAILED: { de: 'Einladung zur Umfrage nach der DC-Montage nicht zugestellt', en: 'Invitation to the survey after the DC installation not delivered' },
  PROJECT_LINK: { de: 'Code zum Verbinden eines Projekts per E-Mail angefordert', en: 'Code for connecting a project requested by e-mail' },
  PASSWORDLESS_LOGIN_CODE: { de: 'Anmeldecode per E-Mail gesendet (Anmeldedienst)', en: 'Sign-in code sent by e-mail (sign-in service)' },
  MFA_EMAIL_SENT: { de: 'Bestätigungscode per E-Mail gesendet', en: 'Confirmation code sent by e-mail' },
  ACCOUNT_BLOCKED_NOTICE: { de: 'Hinweis auf das gesperrte Konto gesendet (Anmeldedienst)', en: 'Notice of the blocked account sent (sign-in service)' },
  PASSWORD_CHANGE_REQUEST: { de: 'Änderung des Passworts angefragt', en: 'Password change requested' },
  PASSWORD_CHANGE: { de: 'Passwort geändert', en: 'Password changed' },
  EMAIL_VERIFICATION: { de: 'E-Mail-Adresse bestätigt', en: 'E-mail address confirmed' },
  ...mailNames,
  DOCUMENT_DOWNLOADED: { de: 'Dokument heruntergeladen', en: 'Document downloaded' },
  PAGE_VISITED: { de: 'Seite aufgerufen', en: 'Page visited' },
  SURVEY_COMPLETED: { de: 'Umfrage beantwortet', en: 'Survey answered' },
  INVITATION_LINK_CLICKED: { de: 'Link der Einladung geöffnet', en: 'Invitation link opened' },
  LEAD_VIDEO_PLAYED: { de: 'Vorstellungsvideo abgespielt', en: 'Introduction video played' },
  REFUND_COMPLETED: { de: 'Bankverbindung für die Erstattung angegeben', en: 'Bank details for the refund given' },
  DASHBOARD_TOUR_SEEN: { de: 'Rundgang angesehen', en: 'Tour seen' },
  TWO_FA_CODE_CONFIRMED: { de: 'E-Mail-Adresse mit dem Code bestätigt', en: 'E-mail address confirmed with the code' },
  NEWSLETTER_BANNER_SEEN: { de: 'Hinweis auf den Newsletter gesehen', en: 'Newsletter notice seen' },
  LOGIN: { de: 'Angemeldet', en: 'Signed in' },
  SALES_PERSON_CONTACTED: { de: 'Ansprechperson im Vertrieb kontaktiert', en: 'Sales representative contacted' },
  LEAD_CONTENT_CLICKED: { de: 'Inhalt zu einem Produkt geöffnet', en: 'Content about a product opened' },
  FAQ_CLICKED: { de: 'Frage in der Hilfe geöffnet', en: 'Question in the help opened' },
  MESSAGE_SENT: { de: 'Nachricht gesendet', en: 'Message sent' },
  API_TOKEN_USED: { de: 'Daten mit Deinem API-Zugangsschlüssel abgerufen', en: 'Data fetched with your API token' },
};

/** The words for a stored type; a type the portal no longer knows keeps its code as its name. */
export function activityName(type: string): Words {
  return (ACTIVITY_NAMES as Record<string, Words>)[type] ?? { de: type, en: type };
}
