import { randomUUID } from 'node:crypto';
import express from 'express';
import { SignJWT } from 'jose';
import { berlinTime, escapeHtml, germanPage, notice, postButton, sendPage } from '../shared/html.ts';
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
const STATUS: Record<string, string> = { RUNNING: 'läuft', SUCCEEDED: 'erfolgreich', FAILED: 'fehlgeschlagen' };

/**
 * An external scheduler under `/scheduler` (docs/jobs.md): what an installer's cron service does with the portal's cron
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
        body = page(jobs, runs, typeof req.query.started === 'string' ? req.query.started : null, typeof req.query.failed === 'string' ? req.query.failed : null, req.query.reason === 'json');
      } catch (error) {
        body = notice({ text: `Das Kundenportal ist unter ${portal} gerade nicht erreichbar (${error instanceof Error ? error.message : String(error)}). Läuft es?`, error: true });
      }
      sendPage(res, germanPage({ title: 'Geplante Jobs (Sandbox)', banner: 'Sandbox · Job-Planer des Installateurs', theme: { accent: '#1f4d3a' }, body: `<h1>Geplante Jobs des Kundenportals</h1>${body}` }));
    });
    router.post('/run/:name', controlGuard, async (req, res) => {
      const name = String(req.params.name);
      const answer = await call(`/jobs/${encodeURIComponent(name)}`, { method: 'POST', body: '{}' }).catch(() => null);
      res.redirect(303, `${req.baseUrl}/?${answer?.status === 202 ? 'started' : 'failed'}=${encodeURIComponent(name)}`);
    });
    // A job with data, as a real scheduler's payload field: e.g. `yield-check` with `{ "date": "2026-06-18" }`.
    router.post('/run-with-data', controlGuard, express.urlencoded({ extended: false, limit: '8kb' }), async (req, res) => {
      const fields = (req.body ?? {}) as Record<string, string | undefined>;
      const name = fields.job ?? '';
      let data: unknown;
      try {
        data = JSON.parse(fields.data?.trim() || '{}');
      } catch {
        data = null;
      }
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return void res.redirect(303, `${req.baseUrl}/?failed=${encodeURIComponent(name)}&reason=json`);
      const answer = await call(`/jobs/${encodeURIComponent(name)}`, { method: 'POST', body: JSON.stringify(data) }).catch(() => null);
      res.redirect(303, `${req.baseUrl}/?${answer?.status === 202 ? 'started' : 'failed'}=${encodeURIComponent(name)}`);
    });
    return { mountPath: '/scheduler', router, summary: 'Job-Planer /scheduler/' };
  },
};

function page(jobs: JobInfo[], runs: JobRun[], started: string | null, failed: string | null, badJson = false): string {
  const message = started
    ? notice({ text: `Job ${started} ist eingereiht; er läuft in wenigen Sekunden. Neu laden zeigt das Ergebnis.` })
    : failed
      ? notice({ text: badJson ? 'Die Daten sind kein JSON-Objekt, z. B. {"date": "2026-06-18"}.' : `Job ${failed} konnte nicht gestartet werden.`, error: true })
      : '';
  const withData = `<section class="card" aria-labelledby="with-data"><h2 id="with-data">Mit Daten starten</h2>
<p>Manche Jobs nehmen Daten an, z. B. <code>yield-check</code> einen Tag: <code>{"date": "2026-06-18"}</code> prüft nur diesen Tag.</p>
<form method="post" action="run-with-data"><label>Job<select name="job">${jobs.map((job) => `<option value="${e(job.name)}"${job.name === 'yield-check' ? ' selected' : ''}>${e(job.name)}</option>`).join('')}</select></label>
<label>Daten (JSON)<input name="data" value="{}" maxlength="2000"></label><button type="submit">Mit Daten starten</button></form></section>`;
  const rows = jobs
    .map(
      (job) => `<tr><th scope="row"><code>${e(job.name)}</code></th><td>${e(job.description)}</td><td>${job.cron ? `<code>${e(job.cron)}</code> (${e(job.timeZone)})` : 'nur auf Anstoß'}</td>
<td>${postButton(`run/${encodeURIComponent(job.name)}`, 'Jetzt starten', { ariaLabel: `Job ${job.name} jetzt starten` })}</td></tr>`,
    )
    .join('');
  const history = runs
    .map(
      (run) => `<tr><td><code>${e(run.job)}</code></td><td>${e(berlinTime(run.startedAt, { seconds: true }))}</td><td>${e(STATUS[run.status] ?? run.status)}${run.attempt > 1 ? ` (Versuch ${run.attempt})` : ''}</td><td><code>${e(run.error ?? JSON.stringify(run.result ?? {}))}</code></td><td>${e(run.instance)}</td></tr>`,
    )
    .join('');
  return `${message}<section class="card" aria-labelledby="jobs"><h2 id="jobs">Jobs</h2><table><thead><tr><th scope="col">Name</th><th scope="col">Was er tut</th><th scope="col">Plan</th><th scope="col"><span class="visually-hidden">Aktion</span></th></tr></thead><tbody>${rows}</tbody></table></section>${withData}
<section class="card" aria-labelledby="runs"><h2 id="runs">Letzte Läufe</h2>${runs.length ? `<table><thead><tr><th scope="col">Job</th><th scope="col">Start</th><th scope="col">Status</th><th scope="col">Ergebnis</th><th scope="col">Instanz</th></tr></thead><tbody>${history}</tbody></table>` : '<p>Noch keine Läufe.</p>'}</section>`;
}
