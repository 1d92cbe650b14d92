import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createKnex, migrateLatest } from './knex.ts';
import { SUB_LOG_TABLES } from './models/ActivityLog.ts';
import { accountTablesData, activityData, identityProviderMails, jobsData, linkingData, mailLogData, messagesData } from './repositories/account-data.repository.ts';
import { createActivityLogRepository } from './repositories/activity-log.repository.ts';
import { createManagementDocumentRepository } from './repositories/files.repository.ts';
import { createIdempotencyRepository } from './repositories/idempotency.repository.ts';
import { createExportRepository, createReminderRepository, createRetentionRepository } from './repositories/jobs.repository.ts';
import { createLinkCodeRepository } from './repositories/link-codes.repository.ts';
import { createMessagesRepository, createNotificationSeenRepository } from './repositories/messages.repository.ts';
import { createReviewRepository, createSurveyRepository } from './repositories/surveys.repository.ts';
import { createUserRepository } from './repositories/users.repository.ts';
import type { AccountDataSource, AccountSubject } from '../domain/account/account-data.ts';
import { looksLikeProduction, scaleEmail, scaleUserId, seedLongHistory, seedScale } from './scale-seed.ts';

/**
 * The hot queries at scale (docs/scale.md): a database of its own, seeded with 4 % of the 100× data (200,000 activity
 * rows, 40,000 mails), where the planner prefers an index whenever one fits. Every query a signed-in render and the
 * jobs send is captured from the repositories themselves and EXPLAINed; a sequential scan over a large table fails.
 */

const SCALE = 0.04;
/** A table with at least this many rows counts as large: scanning it whole on a hot path is the bug we look for. */
const LARGE_ROWS = 5000;
const SUB_LOGS = Object.values(SUB_LOG_TABLES);

let admin: Knex;
let knex: Knex;
let explainClient: pg.Client;
let database: string;
let large: Set<string>;
/** Partial indexes: scanning one without a condition reads only the rows its predicate selects. */
let partial: Set<string>;
const customer = 7;
const userId = scaleUserId(customer);
const email = scaleEmail(customer);
const project = 9_000_000 + customer;

beforeAll(async () => {
  const testUrl = inject('databaseUrl');
  database = `scale_${randomUUID().slice(0, 8)}`;
  admin = createKnex(testUrl, { min: 0, max: 1 });
  await admin.raw(`CREATE DATABASE ${database}`);
  const url = new URL(testUrl);
  url.pathname = `/${database}`;
  knex = createKnex(url.toString(), { min: 0, max: 4 });
  await migrateLatest(knex);
  await seedScale(knex, { scale: SCALE });
  explainClient = new pg.Client({ connectionString: url.toString() });
  await explainClient.connect();
  const sizes = await explainClient.query<{ relname: string }>(`SELECT relname FROM pg_class WHERE relkind = 'r' AND reltuples >= $1`, [LARGE_ROWS]);
  large = new Set(sizes.rows.map((row) => row.relname));
  const partials = await explainClient.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '% WHERE %'`);
  partial = new Set(partials.rows.map((row) => row.indexname));
}, 300_000);

afterAll(async () => {
  await explainClient?.end();
  await knex?.destroy();
  await admin?.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin?.destroy();
});

interface Captured {
  sql: string;
  bindings: readonly unknown[];
}

/** Runs `work` and answers every statement it sent. */
async function capture(work: () => Promise<unknown>): Promise<Captured[]> {
  const statements: Captured[] = [];
  const listener = (data: { sql: string; bindings?: readonly unknown[] }) => statements.push({ sql: data.sql, bindings: data.bindings ?? [] });
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  return statements;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * Sequential scans, and index scans without a condition over a full index (a whole table read in index order is no
 * better).
 */
function seqScans(node: PlanNode): string[] {
  const fullIndex = /^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond'] && !partial.has(node['Index Name'] ?? '');
  const whole = node['Node Type'] === 'Seq Scan' || fullIndex;
  const own = whole && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The large tables a statement would scan whole. */
async function largeSeqScans(statement: Captured): Promise<string[]> {
  // knex hands pg `$n` placeholders; EXPLAIN takes the same text and values.
  const result = await explainClient.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.bindings]);
  const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${statement.sql}`);
  return seqScans(plan).filter((table) => large.has(table));
}

async function expectIndexed(name: string, work: () => Promise<unknown>, wholeTableByDesign: readonly string[] = []) {
  const statements = await capture(work);
  expect(statements.length, `${name}: no statement captured`).toBeGreaterThan(0);
  const problems: string[] = [];
  // Transaction control and advisory locks have no plan.
  for (const statement of statements.filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s.sql) && !/pg_advisory/.test(s.sql))) {
    const scans = (await largeSeqScans(statement)).filter((table) => !wholeTableByDesign.includes(table));
    if (scans.length > 0) problems.push(`${scans.join(', ')} ← ${statement.sql}`);
  }
  expect(problems, `${name}: sequential scans over large tables`).toEqual([]);
}

const subjectOf = (id: string, address: string, projectIds: number[] = []): AccountSubject => ({
  userId: id,
  email: address,
  emails: [address],
  firstName: 'Erika',
  lastName: 'Muster',
  projectIds,
});

function exportOf(source: AccountDataSource, subject: AccountSubject) {
  if (!source.export) throw new Error(`${source.name} exports nothing`);
  return source.export(subject);
}
function eraseOf(source: AccountDataSource, subject: AccountSubject) {
  if (!source.erase) throw new Error(`${source.name} erases nothing`);
  return source.erase(subject);
}

describe('the 100× database, scaled down', () => {
  it('has the sizes the planner must respect', () => {
    expect([...large]).toEqual(expect.arrayContaining(['activity_log', 'activity_log_page_visit', 'mail_log', 'notification_seen', 'survey', 'management_api_document']));
  });

  it('refuses a production-looking database unless forced', () => {
    expect(looksLikeProduction('postgres://portal:x@db.installateur.example:5432/portal')).toBe(true);
    expect(looksLikeProduction('postgres://portal:x@127.0.0.1:5433/portal_prod')).toBe(true);
    expect(looksLikeProduction('postgres://portal:x@127.0.0.1:5433/portal')).toBe(false);
  });
});

describe('hot queries use an index (EXPLAIN)', () => {
  it('a signed-in render: user, activity log, messages, notifications, documents, surveys', async () => {
    const users = createUserRepository(knex);
    await expectIndexed('users', () => Promise.all([users.languageOf(userId), users.recipientsOf([userId]), users.emailsOf([userId])]));
    await expectIndexed('activity log per user', () => createActivityLogRepository(knex).listForUser(userId));
    await expectIndexed('thread read state', () => createMessagesRepository(knex).readAt(userId, [`T-${customer}`, 'T-99']));
    await expectIndexed('notifications seen', () => createNotificationSeenRepository(knex).seen(userId, [`document:${customer}`, 'document:1']));
    await expectIndexed('documents of a project', () => createManagementDocumentRepository(knex).sync(project, []));
    await expectIndexed('surveys', () => Promise.all([createSurveyRepository(knex).ofProjects([project]), createSurveyRepository(knex).listForUser(userId)]));
    await expectIndexed('link codes', () => createLinkCodeRepository(knex).findPending(userId, project));
  });

  it('sessions (connect-pg-simple) and idempotency keys', async () => {
    const session = (sql: string, bindings: unknown[]) => largeSeqScans({ sql, bindings });
    expect(await session('SELECT sess FROM "session" WHERE sid = $1 AND expire >= to_timestamp($2)', ['scale-7', Date.now() / 1000])).toEqual([]);
    expect(await session('DELETE FROM "session" WHERE expire < to_timestamp($1)', [Date.now() / 1000 - 86_400])).toEqual([]);
    const idempotency = createIdempotencyRepository(knex);
    const key = randomUUID();
    await expectIndexed('idempotency keys', async () => {
      await idempotency.claim(userId, key, 'messages', 'hash');
      await idempotency.claim(userId, key, 'messages', 'hash');
      await idempotency.finish(userId, key, 201, {});
    });
  });

  it('the jobs: reminders, survey invitations and review mails due, retention by date, users export', async () => {
    await expectIndexed('reminders', () => createReminderRepository(knex).sent(userId, project, 'step:POWER_OF_ATTORNEY'));
    const survey = createSurveyRepository(knex);
    // The daily job reads every delivered invitation still unanswered and unreminded: most rows qualify, so the planner
    // rightly reads both tables whole (measured at 100× in docs/scale.md); no index would make it cheaper.
    await expectIndexed('survey reminders due', () => survey.dueReminders(new Date(Date.now() - 7 * 86_400_000)), ['survey', 'survey_invitation']);
    await expectIndexed('survey follow-ups', () => survey.pendingFollowUps());
    await expectIndexed('review mails due', () => createReviewRepository(knex).mailsDue(new Date()));
    // The users export lists every customer: reading users whole is what it is for.
    await expectIndexed('users export', () => createExportRepository(knex).customers(), ['users']);
    // Retention with the real cutoff, rolled back so the data stays for the other tests.
    const cutoff = new Date();
    cutoff.setMonth(cutoff.getMonth() - 24);
    await expectIndexed('retention', () =>
      knex
        .transaction(async (trx) => {
          await createRetentionRepository(trx).deleteBefore(cutoff);
          throw new Error('rollback');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'rollback')) throw error;
        }),
    );
  }, 60_000);

  it('the account export of a customer', async () => {
    const subject = subjectOf(userId, email, [project]);
    await expectIndexed('account export', () =>
      Promise.all([
        exportOf(activityData(knex, SUB_LOGS), subject),
        exportOf(mailLogData(knex), subject),
        identityProviderMails(knex)(subject),
        exportOf(jobsData(knex), subject),
        exportOf(linkingData(knex), subject),
        messagesData(knex).rows(userId),
        exportOf(accountTablesData(knex), subject),
      ]),
    );
  });

  it('the account deletion of a customer', async () => {
    const subject = subjectOf(userId, email, [project]);
    // In the order the deletion runs them: mails find the customer's activities, so they go first.
    await expectIndexed('account deletion', async () => {
      await eraseOf(mailLogData(knex), subject);
      await eraseOf(activityData(knex, SUB_LOGS), subject);
      await eraseOf(jobsData(knex), subject);
      await messagesData(knex).erase(userId, [`T-${customer}`]);
      await eraseOf(accountTablesData(knex), subject);
    });
    expect(await knex('activity_log').where({ userId }).count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});

describe('retention in batches', () => {
  it('deletes old rows in statements of at most the batch size, and all of them', async () => {
    const old = new Date('2001-01-01T00:00:00Z');
    const marker = `retention-${randomUUID()}`;
    await knex.raw(
      `INSERT INTO activity_log (user_id, type, origin, created_at) SELECT ?, 'LOGIN', 'PORTAL', ?::timestamptz - n * interval '1 minute' FROM generate_series(1, 250) AS n`,
      [marker, old],
    );
    await knex.raw(`INSERT INTO mail_log (sender, receiver, subject, html, text, created_at) SELECT 'a@example.de', ?, 's', 'h', 't', ? FROM generate_series(1, 120)`, [`${marker}@example.de`, old]);
    const deletes: number[] = [];
    const onResponse = (response: unknown, query: { sql: string }) => {
      if (/^delete/i.test(query.sql)) deletes.push(Number(response));
    };
    knex.on('query-response', onResponse);
    try {
      const result = await createRetentionRepository(knex, { batchSize: 100 }).deleteBefore(new Date('2001-06-01T00:00:00Z'));
      expect(result).toEqual({ activityLogs: 250, mailLogs: 120 });
    } finally {
      knex.removeListener('query-response', onResponse);
    }
    expect(Math.max(...deletes)).toBeLessThanOrEqual(100);
    // 100 + 100 + 50 activities, 100 + 20 mails: each batch its own statement.
    expect(deletes).toEqual([100, 100, 50, 100, 20]);
    expect(await knex('activity_log').where({ userId: marker }).count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});

describe('a customer with a long history', () => {
  it('exports and erases 50,000 activities and 10,000 mails in seconds', async () => {
    const long = { userId: `scale-long-${randomUUID()}`, email: `lang-${randomUUID()}@scale.example` };
    await seedLongHistory(knex, long, { activities: 50_000, mails: 10_000 });
    const subject = subjectOf(long.userId, long.email);
    const activity = activityData(knex, SUB_LOGS);
    const mails = mailLogData(knex);

    // No plan check here: in this 4 % database the customer owns a fifth of the activities, and once the planner's
    // statistics know it, reading the table whole is its right choice. The same statements are checked for a customer
    // of ordinary size above ("the account export of a customer", "the account deletion of a customer").
    let started = performance.now();
    const [activities, mailRows] = await Promise.all([exportOf(activity, subject), exportOf(mails, subject)]);
    const exportMs = performance.now() - started;
    expect([(activities as unknown[]).length, (mailRows as unknown[]).length]).toEqual([50_000, 10_000]);

    started = performance.now();
    // The order of the account deletion: mails first (they find the customer's activities), then the activities.
    const erasedMails = await eraseOf(mails, subject);
    const erasedActivities = await eraseOf(activity, subject);
    const eraseMs = performance.now() - started;
    expect([erasedMails, erasedActivities]).toEqual([{ mailLog: 10_000 }, { activityLog: 50_000 }]);

    console.info(`[scale] long history: export ${Math.round(exportMs)} ms, erase ${Math.round(eraseMs)} ms`);
    // A guard only (the figures are in docs/scale.md); a loaded CI machine must not make it flaky.
    expect(exportMs).toBeLessThan(30_000);
    expect(eraseMs).toBeLessThan(30_000);
  }, 120_000);
});
