import express, { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import {
  METER_CHANGE_FORM_FIELDS,
  METER_CHANGE_PAGE,
  METER_CHANGE_PATHS,
  METER_PHOTO_PAGE,
  MeterChangeRequestSchema,
  MeterChangeErrors,
  MeterPhotoCapabilitySchema,
} from '../../contracts/meter-change.ts';
import { UPLOAD_LIMITS, UploadErrors } from '../../contracts/uploads.ts';
import { AppError } from '../../domain/errors.ts';
import { formActions } from '../form-action.ts';
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

const photoPage = (req: Request, extra: Record<string, string> = {}) => {
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams({ token: String(fields.token ?? ''), code: String(fields.code ?? ''), ...extra });
  return `${METER_PHOTO_PAGE}?${params}`;
};

/**
 * `POST /api/v2/app/meter-change-request`: JSON from the form's script (201 with the upload
 * capability), or the same form posted plainly (urlencoded, or multipart with the photo at once; 303 to the page).
 */
export function meterChangeRoutes(deps: RouteDeps): Router {
  const { meterChange } = deps.services;
  const action = formActions(deps);
  const router = Router();
  router.post(
    route(METER_CHANGE_PATHS.create),
    action({
      form: 'meter-change',
      page: METER_CHANGE_PAGE,
      body: (req, res, next) => urlencoded(req, res, (error) => (error ? next(error) : parsePhoto(req, res, next))),
      keep: METER_CHANGE_FORM_FIELDS,
      fieldOf: { [UploadErrors.TYPE.code]: 'file', [UploadErrors.TOO_LARGE.code]: 'file', [UploadErrors.TOO_MANY.code]: 'file' },
      input: (req) => parseRequest(req.body),
      run: async (input, { req }) => {
        const created = await meterChange.create(signedIn(req), input);
        const [photo] = await uploadedFiles(req);
        if (photo && created.upload) await meterChange.uploadPhoto(created.upload.token, created.upload.code, photo);
        return { created, withPhoto: Boolean(photo) };
      },
      json: (res, { created }) => res.status(201).json(created),
      done: ({ withPhoto }) => `${METER_CHANGE_PAGE}?sent=${withPhoto ? 'photo' : '1'}`,
    }),
  );
  return router;
}

/**
 * `POST /api/v2/app/meter-change-request/file` (multipart: file, token, code): no session needed; the capability
 * opens exactly one request's photo once. A plain form (the phone page) is answered with 303 to that page.
 */
export function meterPhotoRoutes(deps: RouteDeps): Router {
  const { meterChange } = deps.services;
  const action = formActions(deps);
  const router = Router();
  router.post(
    route(METER_CHANGE_PATHS.file),
    action({
      form: 'meter-photo',
      page: (req) => photoPage(req),
      body: parsePhoto,
      fieldOf: Object.fromEntries([UploadErrors.TYPE, UploadErrors.TOO_LARGE, UploadErrors.TOO_MANY, UploadErrors.EMPTY].map((entry) => [entry.code, 'file'])),
      // A link that does not work is said on the page, like every other refusal of the photo.
      passThrough: () => false,
      input: (req) => {
        const capability = z.safeParse(MeterPhotoCapabilitySchema, { token: req.body?.token, code: req.body?.code });
        if (!capability.success) throw new AppError(MeterChangeErrors.LINK_INVALID);
        return capability.data;
      },
      run: async ({ token, code }, { req }) => {
        const [photo] = await uploadedFiles(req);
        if (!photo) throw new AppError(UploadErrors.EMPTY);
        return meterChange.uploadPhoto(token, code, photo);
      },
      json: (res, saved) => res.status(201).json({ photo: saved }),
      done: (_saved, { req }) => photoPage(req, { done: '1' }),
    }),
  );
  return router;
}
