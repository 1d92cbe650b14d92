import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/auth.ts';
import { createTtlMemo, sendRecorded } from './money-deps.ts';

const user = { id: 'kp|erika', email: 'erika@example.de', firstName: 'Erika', lastName: 'Test' } as SessionUser;

function recorder(failing: boolean) {
  const activities: string[] = [];
  const mailLog: unknown[] = [];
  const warnings: unknown[] = [];
  return {
    activities,
    mailLog,
    warnings,
    deps: {
      mailer: { from: 'portal@example.de', send: async () => { if (failing) throw new Error('smtp down'); } },
      mailLog: { record: async (entry: unknown) => void mailLog.push(entry) },
      activity: { record: async (_u: SessionUser, type: string) => (activities.push(type), { id: activities.length }) },
      warn: (message: string, fields?: Record<string, unknown>) => void warnings.push([message, fields]),
    } as unknown as Parameters<typeof sendRecorded>[0],
  };
}

describe('mails with their ActivityType and MailLog row', () => {
  it('records SUCCESS_ and the MailLog row for a sent mail', async () => {
    const r = recorder(false);
    expect(await sendRecorded(r.deps, user, 'REFERRAL_REWARD', 'erika@example.de', { subject: 'S', html: '<p>H</p>', text: 'T' }, 7)).toBe(true);
    expect(r.activities).toEqual(['SUCCESS_REFERRAL_REWARD_EMAIL']);
    expect(r.mailLog).toEqual([{ activityLogId: 1, sender: 'portal@example.de', receiver: 'erika@example.de', subject: 'S', html: '<p>H</p>', text: 'T' }]);
  });

  it('records FAILED_ and no MailLog row when the mail fails; the action goes on', async () => {
    const r = recorder(true);
    expect(await sendRecorded(r.deps, user, 'FUNNEL_REFERRAL', 'lena@example.de', { subject: 'S', html: 'H', text: 'T' }, 7)).toBe(false);
    expect(r.activities).toEqual(['FAILED_FUNNEL_REFERRAL_EMAIL']);
    expect(r.mailLog).toEqual([]);
    expect(JSON.stringify(r.warnings)).not.toContain('lena@example.de');
  });
});

describe('the bell’s 60-second memo of the management service’s answers', () => {
  it('asks once within 60 s, again after, and never keeps a failure', async () => {
    let now = 0;
    let calls = 0;
    const memo = createTtlMemo(60_000, () => now);
    const load = async () => ++calls;
    expect(await memo('refund:1', load)).toBe(1);
    now = 59_999;
    expect(await memo('refund:1', load)).toBe(1);
    expect(await memo('refund:2', load)).toBe(2);
    now = 60_000;
    expect(await memo('refund:1', load)).toBe(3);
    await expect(memo('refund:3', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await memo('refund:3', load)).toBe(4);
  });
});
