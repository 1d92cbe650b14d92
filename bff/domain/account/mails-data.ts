import type { MarketingService } from '../../ports/marketing-service.ts';
import type { AccountDataSource, AccountSubject } from './account-data.ts';

/** One mail the customer received, as the export lists it; `sentBy` names who sent it for the installer. */
export interface ExportedMail {
  sentAt: string;
  sentBy: 'portal' | 'identityProvider' | 'marketingService';
  from: string;
  to: string;
  subject: string;
  /** The text as sent (codes masked); null where the sending service keeps no content. */
  text: string | null;
}

/** The identity provider's mails by the activity its event wrote (the provider's own subjects, in words). */
const IDENTITY_MAILS: Record<string, string> = {
  PASSWORDLESS_LOGIN_CODE: 'Dein Anmeldecode für das Kundenportal (der Code selbst wird nicht aufbewahrt)',
  ACCOUNT_BLOCKED_NOTICE: 'Dein Konto im Kundenportal ist gesperrt',
};

/**
 * Every mail the customer received (docs/account.md "The customer's own data"): the portal's own (MailLog), and those the
 * installer's services sent for it: the identity provider's sign-in codes and notices (known from its events) and the
 * marketing service's newsletter mails (its transactional log). Erasing erases the portal's log; the others go with
 * their own sources (the activity log, the newsletter contact).
 */
export function everyMailData(deps: {
  portal: AccountDataSource;
  identityMails: (subject: AccountSubject) => Promise<{ sentAt: string; to: string; type: string }[]>;
  marketing: Pick<MarketingService, 'sentMails'>;
}): AccountDataSource {
  return {
    name: deps.portal.name,
    ...(deps.portal.count ? { count: deps.portal.count } : {}),
    ...(deps.portal.erase ? { erase: deps.portal.erase } : {}),
    async export(subject) {
      const [portal, identity, marketing] = await Promise.all([
        deps.portal.export ? (deps.portal.export(subject) as Promise<{ sentAt: string; from: string; to: string; subject: string; text: string }[]>) : [],
        deps.identityMails(subject),
        Promise.all(subject.emails.map(async (email) => (await deps.marketing.sentMails(email)).map((m) => ({ ...m, to: email })))),
      ]);
      const mails: ExportedMail[] = [
        ...portal.map((m) => ({ ...m, sentBy: 'portal' as const })),
        ...identity.map((m) => ({ sentAt: m.sentAt, sentBy: 'identityProvider' as const, from: 'Anmeldedienst des Kundenportals', to: m.to, subject: IDENTITY_MAILS[m.type] ?? m.type, text: null })),
        ...marketing.flat().map((m) => ({ sentAt: m.sentAt, sentBy: 'marketingService' as const, from: m.from, to: m.to, subject: m.subject, text: null })),
      ];
      return mails.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    },
  };
}
