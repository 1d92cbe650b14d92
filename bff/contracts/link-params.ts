/**
 * Query parameters of the link in the mail: `/home/dashboard?linkProject=<id>&linkCode=<code>`. In a module of its own
 * without imports, so the dashboard's first script (site/features/linking/boot.ts) can read them without zod.
 */
export const LINK_MAIL_PARAMS = { projectId: 'linkProject', code: 'linkCode' } as const;
