import { Router, type Request, type Response } from 'express';
import { Readable } from 'node:stream';
import * as z from 'zod/mini';
import { EXPORT_API_PATHS, EXPORTS_PAGE, EXPORTS_PATHS, ExportsErrors, TokenCreateSchema } from '../../contracts/exports.ts';
import type { ExportsDomainService } from '../../domain/exports/exports.service.ts';
import { formActions, textField, withParams } from '../form-action.ts';
import { keepFormValues } from '../form-flash.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { attachment, streamToResponse } from '../stream-response.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;
const projectOf = (req: Request) => z.parse(ProjectIdParam, req.params.projectId);
/** The form on the Export page whose next view shows a new token's secret once (docs/exports.md "API tokens"). */
export const TOKEN_CREATED_FORM = 'token-created';

/** The history CSV, streamed: the head is sent once the IoT cloud answered the first days. */
async function sendCsv(res: Response, csv: Awaited<ReturnType<ExportsDomainService['historyCsv']>>) {
  res.status(200).type('text/csv; charset=utf-8').set({ 'Content-Disposition': attachment(csv.filename), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  async function* all() {
    yield csv.first;
    for (let next = await csv.chunks.next(); !next.done; next = await csv.chunks.next()) yield next.value;
  }
  await streamToResponse(Readable.from(all()), res);
}

/**
 * The Export page's downloads and token management on the internal base (docs/exports.md): CSV, ZIP, Anlagenpass
 * JSON and PDF per project of the customer; creating (plain form or JSON) and revoking tokens.
 */
export function exportsRoutes(deps: RouteDeps): Router {
  const { dataExports: exports } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.get(route(EXPORTS_PATHS.historyCsv), async (req, res) => {
    await sendCsv(res, await exports.historyCsv(signedIn(req).id, projectOf(req)));
  });
  router.get(route(EXPORTS_PATHS.filesZip), async (req, res) => {
    const zip = await exports.filesZip(signedIn(req), projectOf(req), req.language);
    res.status(200).type('application/zip').set({ 'Content-Disposition': attachment(zip.filename), 'Cache-Control': 'private, no-store' });
    await streamToResponse(zip.stream, res);
  });
  router.get(route(EXPORTS_PATHS.passJson), async (req, res) => {
    const pass = await exports.anlagenpass(signedIn(req).id, projectOf(req));
    res.set({ 'Content-Disposition': attachment(`anlagenpass-${pass.project.id}.json`), 'Cache-Control': 'private, no-store' }).json(pass);
  });
  router.get(route(EXPORTS_PATHS.passPdf), async (req, res) => {
    const file = await exports.anlagenpassPdf(signedIn(req).id, projectOf(req), req.language);
    res.status(200).type('application/pdf').set({ 'Content-Disposition': attachment(file.filename), 'Cache-Control': 'private, no-store' }).end(Buffer.from(file.pdf));
  });

  router.get(route(EXPORTS_PATHS.tokens), async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json({ tokens: await exports.tokens.list(signedIn(req).id) });
  });
  router.post(
    route(EXPORTS_PATHS.tokens),
    action({
      form: 'token',
      page: EXPORTS_PAGE,
      keep: ['name'],
      fieldOf: { [ExportsErrors.TOKEN_NAME_MISSING.code]: 'name', [ExportsErrors.TOKEN_NAME_TOO_LONG.code]: 'name' },
      input: (req, { plain }) => (plain ? textField(req, 'name') : z.parse(TokenCreateSchema, req.body ?? {}).name),
      run: (name, { req }) => exports.tokens.create(signedIn(req).id, name),
      json: (res, created) => res.status(201).set('Cache-Control', 'no-store').json(created),
      // The secret waits in the session for the page's next view only (the form flash), never in an address.
      done: async (created, { req }) => {
        await keepFormValues(req, EXPORTS_PAGE, TOKEN_CREATED_FORM, { secret: created.secret, name: created.name });
        return withParams(EXPORTS_PAGE, { done: 'TOKEN_CREATED' }) + '#tokens';
      },
    }),
  );
  router.post(
    route(EXPORTS_PATHS.revokeToken),
    action({
      form: 'token-revoke',
      page: EXPORTS_PAGE,
      input: (req) => z.parse(z.string().check(z.maxLength(64)), req.params.tokenId),
      run: (id, { req }) => exports.tokens.revoke(signedIn(req).id, id),
      json: (res) => res.status(204).end(),
      done: () => withParams(EXPORTS_PAGE, { done: 'TOKEN_REVOKED' }) + '#tokens',
    }),
  );
  return router;
}

/**
 * The token API on the app base (docs/exports.md "API"): no session, `Authorization: Bearer kpx_…`, read-only, the
 * token owner's projects only, rate limited per token; every call in the activity log.
 */
export function exportApiRoutes({ services: { dataExports: exports } }: RouteDeps): Router {
  const router = Router();
  router.get(route(EXPORT_API_PATHS.projects), async (req, res) => {
    const token = await exports.authenticate(req.get('authorization'), null);
    res.set('Cache-Control', 'no-store').json({ projects: await exports.projectIds(token.userId) });
  });
  router.get(route(EXPORT_API_PATHS.historyCsv), async (req, res) => {
    const projectId = projectOf(req);
    const token = await exports.authenticate(req.get('authorization'), projectId);
    await sendCsv(res, await exports.historyCsv(token.userId, projectId));
  });
  router.get(route(EXPORT_API_PATHS.passJson), async (req, res) => {
    const projectId = projectOf(req);
    const token = await exports.authenticate(req.get('authorization'), projectId);
    res.set('Cache-Control', 'no-store').json(await exports.anlagenpass(token.userId, projectId));
  });
  return router;
}
