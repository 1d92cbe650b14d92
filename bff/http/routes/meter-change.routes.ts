import { Router, type Request, type RequestHandler } from 'express';
import express from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import {
  METER_CHANGE_PAGE,
  METER_CHANGE_PATHS,
  METER_PHOTO_PAGE,
  MeterChangeRequestSchema,
  MeterChangeErrors,
  MeterPhotoCapabilitySchema,
} from '../../contracts/meter-change.ts';
import { UPLOAD_LIMITS, UploadErrors } from '../../contracts/uploads.ts';
import { AppError } from '../../domain/errors.ts';
import { isPlainHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { uploadParser, uploadedFiles } from '../uploads.ts';

const route = (path: string) => `/${path}`;

/** The meter cabinet photo: one image or PDF of at most 10 MB, by content (docs/files.md "Uploads"). */
const parsePhoto = uploadParser({
  field: 'file',
  maxFiles: 1,
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  fileTypes: UPLOAD_LIMITS.fileTypes,
  errors: { tooLarge: UploadErrors.TOO_LARGE, tooMany: UploadErrors.TOO_MANY, type: UploadErrors.TYPE, incomplete: UploadErrors.INCOMPLETE, encoding: UploadErrors.ENCODING },
});
const urlencoded = express.urlencoded({ extended: false, limit: '16kb' });

/** Field names of a failed check, for the form to mark (`fields=meterNumber,zip`). */
function invalidFields(error: z.core.$ZodError): string[] {
  return [...new Set(error.issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))];
}

function parseRequest(body: unknown) {
  const parsed = z.safeParse(MeterChangeRequestSchema, body ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError(CommonErrors.VALIDATION, { params: { fields: invalidFields(parsed.error).join(',') } });
}

/**
 * A plain form's refusal goes back to its page with the code (and the fields to mark); a script gets JSON. Server
 * errors and 404s take the normal error path.
 */
function formAware(back: (req: Request) => string, parse: RequestHandler): RequestHandler {
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error instanceof AppError && error.status < 500 && isPlainHtmlForm(req)) {
        redirectWithin(res, withError(back(req), error), { status: 303, fallback: METER_CHANGE_PAGE });
        return;
      }
      next(error);
    });
  };
}

function withError(path: string, error: AppError): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('error', error.code);
  const fields = (error.params as { fields?: unknown } | undefined)?.fields;
  if (typeof fields === 'string' && fields) url.searchParams.set('fields', fields);
  return `${url.pathname}${url.search}`;
}

const photoPage = (req: Request, extra: Record<string, string> = {}) => {
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams({ token: String(fields.token ?? ''), code: String(fields.code ?? ''), ...extra });
  return `${METER_PHOTO_PAGE}?${params}`;
};

/**
 * `POST /api/v2/app/meter-change-request` (spec section 7): JSON from the form's script (201 with the upload
 * capability), or the same form posted plainly (urlencoded, or multipart with the photo at once; 303 to the page).
 */
export function meterChangeRoutes({ services: { meterChange } }: RouteDeps): Router {
  const router = Router();
  router.post(route(METER_CHANGE_PATHS.create), formAware(() => METER_CHANGE_PAGE, (req, res, next) => urlencoded(req, res, (e) => (e ? next(e) : parsePhoto(req, res, next)))), async (req, res) => {
    const plain = isPlainHtmlForm(req);
    try {
      const input = parseRequest(req.body);
      const created = await meterChange.create(signedIn(req), input);
      const [photo] = await uploadedFiles(req);
      if (photo && created.upload) await meterChange.uploadPhoto(created.upload.token, created.upload.code, photo);
      if (plain) {
        redirectWithin(res, `${METER_CHANGE_PAGE}?sent=${photo ? 'photo' : '1'}`, { status: 303, fallback: METER_CHANGE_PAGE });
        return;
      }
      res.status(201).json(created);
    } catch (error) {
      if (!plain || !(error instanceof AppError) || error.status >= 500 || error.status === 404) throw error;
      redirectWithin(res, withError(METER_CHANGE_PAGE, error), { status: 303, fallback: METER_CHANGE_PAGE });
    }
  });
  return router;
}

/**
 * `POST /api/v2/app/meter-change-request/file` (multipart: file, token, code): no session needed; the capability
 * opens exactly one request's photo once. A plain form (the phone page) is answered with 303 to that page.
 */
export function meterPhotoRoutes({ services: { meterChange } }: RouteDeps): Router {
  const router = Router();
  router.post(route(METER_CHANGE_PATHS.file), formAware((req) => photoPage(req), parsePhoto), async (req, res) => {
    const plain = isPlainHtmlForm(req);
    try {
      const capability = z.safeParse(MeterPhotoCapabilitySchema, { token: req.body?.token, code: req.body?.code });
      if (!capability.success) throw new AppError(MeterChangeErrors.LINK_INVALID);
      const [photo] = await uploadedFiles(req);
      if (!photo) throw new AppError(UploadErrors.EMPTY);
      const saved = await meterChange.uploadPhoto(capability.data.token, capability.data.code, photo);
      if (plain) {
        redirectWithin(res, photoPage(req, { done: '1' }), { status: 303, fallback: METER_PHOTO_PAGE });
        return;
      }
      res.status(201).json({ photo: saved });
    } catch (error) {
      if (!plain || !(error instanceof AppError) || error.status >= 500) throw error;
      redirectWithin(res, withError(photoPage(req), error), { status: 303, fallback: METER_PHOTO_PAGE });
    }
  });
  return router;
}
