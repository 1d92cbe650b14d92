import { describe, expect, it } from 'vitest';
import type { ActivityLogRepository } from '../domain/repositories/activity-log.ts';
import type { SigningEnvelopeRepository } from '../domain/repositories/signing-envelopes.ts';
import { metricValue } from '../../tests/support/metrics.ts';
import { countingActivities, countingSignatures } from './business-events.ts';

const count = (event: string) => metricValue('portal_business_events_total', { event });

describe('the business counters', () => {
  it('count sign-ins, project link requests and messages as the activity log records them, nothing else', async () => {
    const recorded: string[] = [];
    const activities = countingActivities({
      record: async (entry) => {
        recorded.push(entry.type);
        return { id: 1, logId: 'x', type: entry.type, origin: 'PORTAL', userId: null, username: null, projectId: null, createdAt: new Date() };
      },
      listForUser: async () => [],
    } as ActivityLogRepository);
    const before = { signIn: await count('sign_in'), link: await count('project_link'), message: await count('message') };
    for (const type of ['LOGIN', 'PROJECT_LINK', 'PROJECT_LINK', 'MESSAGE_SENT', 'PAGE_VISITED', 'FAQ_CLICKED'] as const) {
      await activities.record({ type, origin: 'PORTAL', userId: 'kp|x', username: null, projectId: null });
    }
    expect(recorded).toHaveLength(6);
    expect({ signIn: await count('sign_in'), link: await count('project_link'), message: await count('message') }).toEqual({
      signIn: before.signIn + 1,
      link: before.link + 2,
      message: before.message + 1,
    });
  });

  it('count a signature once, when its envelope is completed for the first time', async () => {
    let completed = false;
    const envelopes = countingSignatures({
      complete: async () => {
        const first = !completed;
        completed = true;
        return first;
      },
    } as unknown as SigningEnvelopeRepository);
    const before = await count('signature');
    const document = { pdf: new Uint8Array(), sha256: 'x', completedAt: new Date() };
    expect(await envelopes.complete('env-1', document)).toBe(true);
    expect(await envelopes.complete('env-1', document)).toBe(false);
    expect(await count('signature')).toBe(before + 1);
  });
});
