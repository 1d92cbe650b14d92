import { describe, expect, it } from 'vitest';
import { buildFunnelReferralMail } from './money-mails.ts';

describe('the referred person’s mail (funnel-referral)', () => {
  it('leads to the offer page, where a visitor without an account can ask for advice', () => {
    const mail = buildFunnelReferralMail({ publicUrl: 'http://localhost:4321', installerName: 'Beispiel Solar GmbH', referredName: 'Petra Nachbar', referrerName: 'Jonas Weber' });
    expect(mail.text).toContain('Beratung anfragen: http://localhost:4321/angebot');
    expect(mail.html).toContain('href="http://localhost:4321/angebot"');
  });
});
