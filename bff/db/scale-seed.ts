import type { Knex } from 'knex';

/**
 * The 100× database (docs/scale.md): about a hundred times a busy installer's year in the portal's own tables, to
 * prove the hot queries and jobs at scale. Rows are generated inside PostgreSQL (`INSERT … SELECT … FROM
 * generate_series`), one statement and one short transaction per batch, with every index and constraint in place.
 * Values are derived from the row number, so a run is reproducible and a test knows which customer it asks for:
 * customer n is `scale-<n>` with the address `kunde<n>@scale.example`, and owns projects n and n + customers.
 */

/** A database not on this machine, or named like a live one: the seed refuses it unless forced. */
export function looksLikeProduction(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  const local = ['localhost', '127.0.0.1', '[::1]', '::1', ''].includes(url.hostname);
  return !local || /prod|live/i.test(url.pathname);
}

/** Row counts at scale 1. */
export const SCALE_ONE = {
  users: 100_000,
  projects: 150_000,
  activities: 5_000_000,
  mails: 1_000_000,
  notificationsSeen: 300_000,
  threadsRead: 200_000,
  idempotencyKeys: 100_000,
  sessions: 100_000,
  reminders: 150_000,
  documents: 300_000,
} as const;

export const scaleUserId = (n: number) => `scale-${n}`;
export const scaleEmail = (n: number) => `kunde${n}@scale.example`;

export interface TableTiming {
  table: string;
  rows: number;
  ms: number;
}

export interface SeedOptions {
  scale: number;
  /** Rows per statement (one transaction each). */
  batch?: number;
  onProgress?: (table: string, done: number, total: number) => void;
}

/** Statement for rows [from, to] of one table; `?` placeholders get the counts of this run. */
interface TableSpec {
  table: string;
  rows: number;
  insert: (from: number, to: number) => [string, readonly (string | number)[]];
}

/** A time within the last three years (a third is older than the 24 months retention keeps), spread by row number. */
const spread = (column: string) => `now() - ((${column} * 7919) % 1578240) * interval '1 minute'`;

/** The activity types seeded (the common ones of a signed-in customer), and their sub-log inserts. */
const ACTIVITY_SQL = `
  WITH a AS (
    INSERT INTO activity_log (project_id, user_id, username, type, origin, created_at)
    SELECT ?::int + (n % ?::int) + CASE WHEN (n / ?::int) % 2 = 1 AND (n % ?::int) + ?::int < ?::int THEN ?::int ELSE 0 END,
           'scale-' || (1 + n % ?::int), 'kunde' || (1 + n % ?::int) || '@scale.example',
           (ARRAY['PAGE_VISITED','PAGE_VISITED','PAGE_VISITED','PAGE_VISITED','PAGE_VISITED','PAGE_VISITED','LOGIN','FAQ_CLICKED','MESSAGE_SENT','PASSWORDLESS_LOGIN_CODE'])[1 + n % 10],
           CASE WHEN n % 10 = 9 THEN 'IDENTITY_PROVIDER' ELSE 'PORTAL' END,
           ${spread('n')}
    FROM generate_series(?::bigint, ?::bigint) AS n
    RETURNING id, type
  ),
  page_visit AS (INSERT INTO activity_log_page_visit (activity_log_id, path) SELECT id, (ARRAY['/home/app','/home/app/project','/home/app/messages','/home/app/documents'])[1 + id % 4] FROM a WHERE type = 'PAGE_VISITED'),
  login AS (INSERT INTO activity_log_login (activity_log_id, phase) SELECT id, 'PROJECT' FROM a WHERE type = 'LOGIN'),
  faq AS (INSERT INTO activity_log_faq (activity_log_id, question) SELECT id, 'Wann wird meine Anlage montiert' FROM a WHERE type = 'FAQ_CLICKED'),
  message AS (INSERT INTO activity_log_message (activity_log_id, task_path, attachment_count) SELECT id, 'Anlage > Wechselrichter', (id % 3)::int FROM a WHERE type = 'MESSAGE_SENT')
  SELECT count(*) FROM a`;

function tables(scale: number): TableSpec[] {
  const count = (n: number) => Math.max(1, Math.round(n * scale));
  const users = count(SCALE_ONE.users);
  const projects = Math.max(users, count(SCALE_ONE.projects));
  // Project numbers start high so they never meet the demo data's projects.
  const firstProject = 9_000_000;
  const ownerOfProject = `'scale-' || (1 + (n - 1) % ${users})`;
  return [
    {
      table: 'users',
      rows: users,
      insert: (from, to) => [
        `INSERT INTO users (user_id, email, language, created_at, updated_at)
         SELECT 'scale-' || n, 'kunde' || n || '@scale.example', CASE WHEN n % 5 = 0 THEN 'en' ELSE 'de' END, ${spread('n')}, now()
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'user_meta',
      rows: users,
      insert: (from, to) => [
        `INSERT INTO user_meta (user_id, dashboard_tour_seen_at, journey_status) SELECT 'scale-' || n, CASE WHEN n % 2 = 0 THEN now() END, 'PROJECT' FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'user_profile',
      rows: users,
      insert: (from, to) => [
        `INSERT INTO user_profile (user_id, salutation, first_name, last_name, phone, street, house_number, zip, city, preferred_contact)
         SELECT 'scale-' || n, 'FRAU', 'Erika', 'Muster' || n, '+4915112345678', 'Sonnenweg', (1 + n % 200)::text, lpad((10000 + n % 89999)::text, 5, '0'), 'Freiburg', 'EMAIL'
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'project_link_code',
      rows: projects,
      insert: (from, to) => [
        `INSERT INTO project_link_code (user_id, project_id, code_hash, created_at, expires_at, consumed_at)
         SELECT ${ownerOfProject}, ? + n, md5(n::text) || md5(n::text), ${spread('n')}, ${spread('n')} + interval '1 day', ${spread('n')} + interval '1 hour'
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [firstProject, from, to],
      ],
    },
    {
      table: 'project_invitation',
      rows: Math.round(projects / 3),
      insert: (from, to) => [
        `INSERT INTO project_invitation (project_id, email, token_hash, sent_at, accepted_by)
         SELECT ? + n * 3, 'partner' || n || '@scale.example', md5('invitation' || n) || md5(n::text), ${spread('n')}, CASE WHEN n % 2 = 0 THEN 'scale-' || (1 + (n * 3 - 1) % ${users}) END
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [firstProject, from, to],
      ],
    },
    {
      table: 'activity_log (+ sub-logs)',
      rows: count(SCALE_ONE.activities),
      insert: (from, to) => [ACTIVITY_SQL, [firstProject + 1, users, users, users, users, projects, users, users, users, from, to]],
    },
    {
      table: 'mail_log',
      rows: count(SCALE_ONE.mails),
      insert: (from, to) => [
        `INSERT INTO mail_log (sender, receiver, subject, html, text, created_at)
         SELECT 'portal@installateur.example', 'kunde' || (1 + n % ${users}) || '@scale.example', 'Neuigkeiten zu Deinem Projekt',
                '<p>Hallo Erika, es gibt Neuigkeiten zu Deinem Projekt.</p>', 'Hallo Erika, es gibt Neuigkeiten zu Deinem Projekt.', ${spread('n')}
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'notification_seen',
      rows: count(SCALE_ONE.notificationsSeen),
      insert: (from, to) => [
        `INSERT INTO notification_seen (user_id, notification_id, seen_at) SELECT 'scale-' || (1 + n % ${users}), 'document:' || n, ${spread('n')} FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'task_read_state',
      rows: count(SCALE_ONE.threadsRead),
      insert: (from, to) => [
        `INSERT INTO task_read_state (user_id, task_id, read_at) SELECT 'scale-' || (1 + n % ${users}), 'T-' || n, ${spread('n')} FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'idempotency_keys',
      rows: count(SCALE_ONE.idempotencyKeys),
      insert: (from, to) => [
        `INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status, response_status, response_body, created_at)
         SELECT 'scale-' || (1 + n % ${users}), md5(n::text), 'messages', md5('r' || n) , 'DONE', 201, '{}'::jsonb, now() - (n % 20160) * interval '1 minute'
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'session',
      rows: count(SCALE_ONE.sessions),
      insert: (from, to) => [
        `INSERT INTO session (sid, sess, expire) SELECT 'scale-' || n, json_build_object('cookie', json_build_object('httpOnly', true)), now() + ((n % 2880) - 720) * interval '1 minute' FROM generate_series(?::bigint, ?::bigint) AS n`,
        [from, to],
      ],
    },
    {
      table: 'reminder_mail',
      rows: count(SCALE_ONE.reminders),
      insert: (from, to) => [
        `INSERT INTO reminder_mail (user_id, project_id, action_key, sequence, sent_at, delivered)
         SELECT ${ownerOfProject}, ? + n, 'step:POWER_OF_ATTORNEY', 1, ${spread('n')}, true FROM generate_series(?::bigint, ?::bigint) AS n`,
        [firstProject, from, to],
      ],
    },
    {
      table: 'survey (+ invitations)',
      rows: projects,
      insert: (from, to) => [
        `WITH s AS (
           INSERT INTO survey (project_id, survey_type, net_promoter_score, completed_at, completed_by, review_mail_consent)
           SELECT ? + n, 'AC', CASE WHEN n % 3 = 0 THEN (n % 11)::smallint END, CASE WHEN n % 3 = 0 THEN ${spread('n')} END,
                  CASE WHEN n % 3 = 0 THEN ${ownerOfProject} END, n % 6 = 0
           FROM generate_series(?::bigint, ?::bigint) AS n
           RETURNING id
         ), invitation AS (
           INSERT INTO survey_invitation (survey_id, kind, claimed_at, delivered_at) SELECT id, 'INVITATION', now() - interval '30 days', now() - interval '30 days' FROM s WHERE id % 3 <> 2
         ), reminder AS (
           INSERT INTO survey_invitation (survey_id, kind, claimed_at, delivered_at) SELECT id, 'REMINDER', now() - interval '20 days', now() - interval '20 days' FROM s WHERE id % 3 = 0
         )
         SELECT count(*) FROM s`,
        [firstProject, from, to],
      ],
    },
    {
      table: 'management_api_document',
      rows: count(SCALE_ONE.documents),
      insert: (from, to) => [
        `INSERT INTO management_api_document (project_id, management_id, filename, share, path, type, hash, deleted)
         SELECT ? + 1 + n % ${projects}, 'file-' || n, 'Dokument-' || n || '.pdf', n % 4 <> 0, '/projects/' || (n % ${projects}) || '/Dokument-' || n || '.pdf', 'OFFER', md5(n::text), n % 20 = 0
         FROM generate_series(?::bigint, ?::bigint) AS n`,
        [firstProject, from, to],
      ],
    },
  ];
}

/** Fills the tables; answers the time per table. Refuses a database that holds a scale run already. */
export async function seedScale(knex: Knex, options: SeedOptions): Promise<TableTiming[]> {
  if (!(options.scale > 0)) throw new Error('scale muss größer als 0 sein.');
  if (await knex('users').where({ userId: scaleUserId(1) }).first('id')) throw new Error('Die Datenbank enthält schon Skalierungsdaten (users: scale-1).');
  const batch = options.batch ?? 50_000;
  const timings: TableTiming[] = [];
  for (const spec of tables(options.scale)) {
    const started = performance.now();
    for (let from = 1; from <= spec.rows; from += batch) {
      const to = Math.min(spec.rows, from + batch - 1);
      const [sql, bindings] = spec.insert(from, to);
      await knex.raw(sql, bindings);
      options.onProgress?.(spec.table, to, spec.rows);
    }
    timings.push({ table: spec.table, rows: spec.rows, ms: performance.now() - started });
  }
  // Fresh statistics, so the planner sees the sizes right away (autovacuum would, later).
  await knex.raw('ANALYZE');
  return timings;
}

/**
 * One customer with a long history (the account export and deletion at scale): `activities` activity rows with
 * page-visit sub-logs and `mails` mails to their address, spread over the retention period.
 */
export async function seedLongHistory(knex: Knex, customer: { userId: string; email: string }, counts: { activities: number; mails: number }): Promise<void> {
  await knex('users').insert({ userId: customer.userId, email: customer.email }).onConflict('userId').ignore();
  await knex.raw(
    `WITH a AS (
       INSERT INTO activity_log (project_id, user_id, username, type, origin, created_at)
       SELECT 8999999, ?, ?, 'PAGE_VISITED', 'PORTAL', now() - (n % 1000000) * interval '1 minute' FROM generate_series(1, ?::int) AS n RETURNING id
     )
     INSERT INTO activity_log_page_visit (activity_log_id, path) SELECT id, '/home/app' FROM a`,
    [customer.userId, customer.email, counts.activities],
  );
  await knex.raw(
    `INSERT INTO mail_log (sender, receiver, subject, html, text, created_at)
     SELECT 'portal@installateur.example', ?, 'Neuigkeiten zu Deinem Projekt', '<p>Hallo</p>', 'Hallo', now() - (n % 1000000) * interval '1 minute'
     FROM generate_series(1, ?::int) AS n`,
    [customer.email, counts.mails],
  );
}
