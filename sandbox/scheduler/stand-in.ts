import { randomUUID } from 'node:crypto';
import express from 'express';
import { SignJWT } from 'jose';
import { escapeHtml } from '../shared/html.ts';
import { controlGuard } from '../shared/stand-in.ts';
import type { StandIn, StandInContext } from '../stand-in-types.ts';

interface JobInfo {
  name: string;
  description: string;
  cron: string | null;
  timeZone: string;
}
interface JobRun {
  job: string;
  attempt: number;
  instance: string;
  status: string;
  result: unknown;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });
const STATUS: Record<string, string> = { RUNNING: 'läuft', SUCCEEDED: 'erfolgreich', FAILED: 'fehlgeschlagen' };

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.45;color:#1b1f24;background:#f3f5f8}
body{margin:0}
header{background:#1f4d3a;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:top}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
.notice{padding:.75rem 1rem;border-radius:6px;background:#e6f4ea;border:1px solid #7cc08d;margin-bottom:1rem}
.error{background:#fdecec;border-color:#e3a3a3}
button{font:inherit;padding:.4rem .8rem;border-radius:4px;border:1px solid #1f4d3a;background:#1f4d3a;color:#fff;cursor:pointer;min-height:40px}
button:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * An external scheduler under `/scheduler` (issue 14): what an installer's cron service does with the portal's cron
 * endpoint, as a German page for testers. It lists the portal's jobs (`GET /api/cron/jobs`, cron token) and their
 * newest runs, and starts one now (`POST /api/cron/jobs/{name}`), e.g. the invitations instead of waiting for 10:00.
 * It signs its tokens like any machine caller (HS256, the portal's audience; docs/machine-api.md).
 */
export const schedulerStandIn: StandIn = {
  name: 'scheduler',
  async start(context: StandInContext) {
    const { config } = context;
    const portal = config.publicUrl;
    const cronToken = () =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('cron').setAudience(config.API_AUDIENCE).setIssuedAt().setJti(randomUUID()).setExpirationTime('2m').sign(new TextEncoder().encode(config.CRON_API_SECRET));
    const call = async (path: string, init: RequestInit = {}) =>
      fetch(`${portal}/api/cron${path}`, { ...init, headers: { authorization: `Bearer ${await cronToken()}`, 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000) });

    const router = express.Router();
    router.get('/', async (req, res) => {
      let body: string;
      try {
        const answer = await call('/jobs');
        if (!answer.ok) throw new Error(`Das Portal antwortet ${answer.status}.`);
        const { jobs, runs } = (await answer.json()) as { jobs: JobInfo[]; runs: JobRun[] };
        body = page(jobs, runs, typeof req.query.started === 'string' ? req.query.started : null, typeof req.query.failed === 'string' ? req.query.failed : null);
      } catch (error) {
        body = `<div class="notice error" role="alert">Das Kundenportal ist unter ${e(portal)} gerade nicht erreichbar (${e(error instanceof Error ? error.message : String(error))}). Läuft es?</div>`;
      }
      res
        .set({ 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'", 'Cache-Control': 'no-store' })
        .type('html')
        .send(`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Geplante Jobs (Sandbox)</title><style>${STYLES}</style></head><body><header><p>Sandbox · Job-Planer des Installateurs</p></header><main><h1>Geplante Jobs des Kundenportals</h1>${body}</main></body></html>`);
    });
    router.post('/run/:name', controlGuard, async (req, res) => {
      const name = String(req.params.name);
      const answer = await call(`/jobs/${encodeURIComponent(name)}`, { method: 'POST', body: '{}' }).catch(() => null);
      res.redirect(303, `${req.baseUrl}/?${answer?.status === 202 ? 'started' : 'failed'}=${encodeURIComponent(name)}`);
    });
    return { mountPath: '/scheduler', router, summary: 'Job-Planer /scheduler/' };
  },
};

function page(jobs: JobInfo[], runs: JobRun[], started: string | null, failed: string | null): string {
  const notice = started
    ? `<div class="notice" role="status">Job <code>${e(started)}</code> ist eingereiht; er läuft in wenigen Sekunden. Neu laden zeigt das Ergebnis.</div>`
    : failed
      ? `<div class="notice error" role="alert">Job <code>${e(failed)}</code> konnte nicht gestartet werden.</div>`
      : '';
  const rows = jobs
    .map(
      (job) => `<tr><th scope="row"><code>${e(job.name)}</code></th><td>${e(job.description)}</td><td>${job.cron ? `<code>${e(job.cron)}</code> (${e(job.timeZone)})` : 'nur auf Anstoß'}</td>
<td><form method="post" action="run/${encodeURIComponent(job.name)}"><button type="submit" aria-label="${e(`Job ${job.name} jetzt starten`)}">Jetzt starten</button></form></td></tr>`,
    )
    .join('');
  const history = runs
    .map(
      (run) => `<tr><td><code>${e(run.job)}</code></td><td>${e(time.format(new Date(run.startedAt)))}</td><td>${e(STATUS[run.status] ?? run.status)}${run.attempt > 1 ? ` (Versuch ${run.attempt})` : ''}</td><td><code>${e(run.error ?? JSON.stringify(run.result ?? {}))}</code></td><td>${e(run.instance)}</td></tr>`,
    )
    .join('');
  return `${notice}<section class="card" aria-labelledby="jobs"><h2 id="jobs">Jobs</h2><table><thead><tr><th scope="col">Name</th><th scope="col">Was er tut</th><th scope="col">Plan</th><th scope="col"><span class="visually-hidden">Aktion</span></th></tr></thead><tbody>${rows}</tbody></table></section>
<section class="card" aria-labelledby="runs"><h2 id="runs">Letzte Läufe</h2>${runs.length ? `<table><thead><tr><th scope="col">Job</th><th scope="col">Start</th><th scope="col">Status</th><th scope="col">Ergebnis</th><th scope="col">Instanz</th></tr></thead><tbody>${history}</tbody></table>` : '<p>Noch keine Läufe.</p>'}</section>`;
}
