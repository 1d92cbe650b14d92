import { describe, expect, it } from 'vitest';
import { emailChangeLinkMail } from './account-mails.ts';
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
    const mail = emailChangeLinkMail({ firstName: 'Mehmet', newEmail: 'neu@example.de', link: 'http://localhost:4321/home/app/settings?emailChange=x', hours: 24 });
    expect(mail.text).toContain('mit dem Link unten');
    expect(mail.text).not.toContain('Knopf');
    expect(mail.text).toContain('Neue Adresse bestätigen: http://localhost:4321/home/app/settings?emailChange=x');
  });
});
