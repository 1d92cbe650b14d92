import { describe, expect, it } from 'vitest';
import { accountDeletedMail, dataExportReadyMail, emailChangedNoticeMail, emailChangeLinkMail, passwordChangedMail } from './account-mails.ts';
import { createAccountData } from './account-data.ts';

const booking = { de: 'Zahlungsbelege zehn Jahre', en: 'Payment records ten years' };
const powers = { de: 'Vollmachten', en: 'Powers of attorney' };

describe('the account-data registry', () => {
  it('tells the customer each reason for keeping data once, naming the tables kept for it', () => {
    const registry = createAccountData([
      { name: 'signing', retained: [{ table: 'signing_envelopes', columns: ['user_id'], reason: powers }] },
      {
        name: 'money',
        retained: [
          { table: 'refund', columns: ['user_id'], reason: booking },
          { table: 'sepa_mandate', columns: ['user_id'], reason: booking },
          { table: 'referral_reward', columns: ['user_id'], reason: booking },
        ],
      },
    ]);
    // The deletion test allows exactly these tables and columns: every one stays listed.
    expect(registry.retained().map((r) => r.table)).toEqual(['signing_envelopes', 'refund', 'sepa_mandate', 'referral_reward']);
    expect(registry.retainedReasons()).toEqual([
      { tables: ['signing_envelopes'], reason: powers },
      { tables: ['refund', 'sepa_mandate', 'referral_reward'], reason: booking },
    ]);
  });
});

describe('account mails', () => {
  it('the e-mail change mail names the link its text part carries (a plain-text reader sees no button)', () => {
    const mail = emailChangeLinkMail({ newEmail: 'neu@example.de', link: 'http://localhost:4321/home/app/settings?emailChange=x', hours: 24 });
    expect(mail.text).toContain('mit dem Link unten');
    expect(mail.text).not.toContain('Knopf');
    expect(mail.text).toContain('Neue Adresse bestätigen: http://localhost:4321/home/app/settings?emailChange=x');
  });

  it('the e-mail change mail to a new address carries no personal data of the requester (it may be someone else\'s address)', () => {
    const mail = emailChangeLinkMail({ newEmail: 'anna.schmidt@example.de', link: 'http://localhost:4321/home/app/settings?emailChange=x', hours: 24 });
    expect(mail.text).toContain('Hallo,');
    for (const part of [mail.text, mail.html, mail.subject]) expect(part).not.toMatch(/Mehmet|Yılmaz/);
  });

  it('the deletion mail points to the real way back (a new invitation), not to a sign-up that does not exist', () => {
    for (const lang of ['de', 'en'] as const) {
      const mail = accountDeletedMail({ firstName: 'Mehmet', retained: [], lang });
      expect(mail.text).not.toMatch(/neues Konto anlegen|create a new account/i);
      expect(mail.text).toContain(lang === 'de' ? 'neue Einladung' : 'new invitation');
      expect(mail.text).toContain(lang === 'de' ? 'Hallo Mehmet,' : 'Hello Mehmet,');
    }
  });

  it('every account mail is written in the customer\'s language', () => {
    const link = 'http://localhost:4321/home/app/settings';
    const mails = (lang: 'de' | 'en') => [
      emailChangeLinkMail({ newEmail: 'neu@example.de', link, hours: 24, lang }),
      emailChangedNoticeMail({ firstName: 'Mehmet', newEmailMasked: 'n***@example.de', lang }),
      passwordChangedMail({ firstName: 'Mehmet', lang }),
      dataExportReadyMail({ firstName: 'Mehmet', link, days: 7, lang }),
      accountDeletedMail({ firstName: 'Mehmet', retained: ['x'], lang }),
    ];
    for (const mail of mails('en')) {
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.text).toContain('Kind regards');
      expect(mail.text).not.toMatch(/\b(Du|Dein|Deine|Hallo|Grüße)\b/);
    }
    for (const mail of mails('de')) expect(mail.html).toContain('<html lang="de">');
  });
});
