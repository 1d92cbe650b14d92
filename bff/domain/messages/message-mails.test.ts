import { describe, expect, it } from 'vitest';
import { buildAnswerMail } from './message-mails.ts';

describe('answer mail', () => {
  it('continues the greeting "Hallo," in lower case, like every other mail of the portal', () => {
    const mail = buildAnswerMail({ publicUrl: 'https://portal.example', installerName: 'Beispiel Solar GmbH', subject: 'Wechselrichter', threadPath: '/home/app/messages/T-1' });
    expect(mail.text).toContain('Hallo,\n\nwir haben Dir zu „Wechselrichter“ geschrieben.');
  });
});
