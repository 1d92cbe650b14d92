import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer, { type StorageEngine } from 'multer';
import { CommonErrors } from '../contracts/errors.ts';
import { AppError } from '../domain/errors.ts';
import { safeFilename, uploadedFilename, type UploadPolicy } from '../domain/uploads/upload-policy.ts';
import { metrics } from '../observability/metrics.ts';
import type { OutgoingFile } from '../ports/document-service.ts';

/** Where uploads wait, under generated names, until the request that brought them has finished. */
const UPLOAD_DIR = path.join(os.tmpdir(), 'kundenportal-uploads');
/** file-type needs at most this many leading bytes to decide. */
const SNIFF_BYTES = 4100;

interface SniffedFile extends Express.Multer.File {
  detectedType: { mime: string; ext: string };
  sha256: string;
}

/**
 * Reads the first bytes of a stream without consuming it: the answer holds them and a stream of the whole content (the
 * same stream with the bytes put back, or, for a file shorter than that, a new one). `for await … break` would
 * destroy the stream, so this listens and pauses instead.
 */
function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const finish = (ended: boolean) => {
      cleanup();
      const head = Buffer.concat(chunks);
      if (ended) return resolve({ head, whole: Readable.from(head.length > 0 ? [head] : []) });
      stream.pause();
      stream.unshift(head);
      resolve({ head, whole: stream });
    };
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish(false);
    }
    function onEnd() {
      finish(true);
    }
    function onError(error: Error) {
      cleanup();
      reject(error);
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/**
 * Multer storage that decides by content before anything is written: the first 4 KB are sniffed with file-type and a
 * type the policy does not take is refused at once (415); an accepted file streams to a temporary file with a
 * generated name (never the customer's), so neither memory nor the disk ever holds a refused upload.
 */
function sniffingStorage(policy: UploadPolicy): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      void (async () => {
        const { head, whole } = await peek(file.stream, SNIFF_BYTES);
        const detected = await fileTypeFromBuffer(head);
        if (!detected || !policy.fileTypes.includes(detected.mime)) {
          whole.resume();
          throw new AppError(policy.errors.type, { params: { file: safeFilename(file.originalname, 'bin') } });
        }
        await mkdir(UPLOAD_DIR, { recursive: true });
        const target = path.join(UPLOAD_DIR, `${randomUUID()}.${detected.ext}`);
        let size = 0;
        const hash = createHash('sha256');
        whole.on('data', (chunk: Buffer) => {
          size += chunk.length;
          hash.update(chunk);
        });
        try {
          await pipeline(whole, createWriteStream(target));
        } catch (error) {
          await rm(target, { force: true });
          throw error;
        }
        // Busboy truncates at the size limit and multer then reports LIMIT_FILE_SIZE and removes the file.
        return { path: target, size, sha256: hash.digest('hex'), detectedType: { mime: detected.mime, ext: detected.ext } };
      })().then(
        (info) => callback(null, info as Partial<Express.Multer.File>),
        (error: unknown) => callback(error as Error),
      );
    },
    _removeFile(_req, file, callback) {
      rm(file.path, { force: true }).then(() => callback(null), callback);
    },
  };
}

/** A failure of the machine itself (disk full, no permission): the only parse failure that is the server's fault. */
const isSystemError = (error: unknown) => typeof (error as { syscall?: unknown } | null)?.syscall === 'string';

/**
 * The one multipart parser for customer uploads (docs/files.md "Uploads"): every multer limit set, files sniffed and
 * streamed to temporary files, each refusal answered with the policy's error (413 size/count, 415 type or a compressed
 * body, 400 a body that cannot be read to its end), temporary files removed when the response is done. Without
 * multipart the request passes untouched (JSON or a plain form).
 */
export function uploadParser(policy: UploadPolicy): RequestHandler {
  const upload = multer({
    storage: sniffingStorage(policy),
    // File names in the part headers are UTF-8 as browsers send them (busboy's default reads them as Latin-1).
    defParamCharset: 'utf8',
    limits: {
      fileSize: policy.maxFileBytes,
      files: policy.maxFiles,
      fields: 20,
      fieldSize: 64 * 1024,
      fieldNameSize: 64,
      parts: policy.maxFiles + 20,
      headerPairs: 200,
      fieldNestingDepth: 0,
      fieldArrayIndexLimit: 0,
    },
  }).array(policy.field, policy.maxFiles);

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    // Browsers never compress what they upload; busboy would read a compressed body as a broken form.
    const encoding = (req.get('content-encoding') ?? '').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      next(new AppError(policy.errors.encoding, { params: { encoding: encoding.slice(0, 20) } }));
      return;
    }
    res.on('close', () => {
      for (const file of (req.files as Express.Multer.File[] | undefined) ?? []) if (file.path) void rm(file.path, { force: true });
    });
    upload(req, res, (error: unknown) => {
      if (!error) {
        // The business counter of uploads: files the portal accepted (docs/observability.md).
        metrics.businessEvent('upload', ((req.files as Express.Multer.File[] | undefined) ?? []).length);
        return next();
      }
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new AppError(policy.errors.tooLarge, { params: { file: safeFilename(error.field ?? '', 'bin') } }));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return next(new AppError(policy.errors.tooMany, { params: { max: policy.maxFiles } }));
        return next(new AppError(CommonErrors.BAD_REQUEST, { cause: error }));
      }
      if (error instanceof AppError || isSystemError(error)) return next(error);
      // A body cut off mid-part, a malformed part header, a client gone half-way: the request's fault, never a 500.
      next(new AppError(policy.errors.incomplete, { cause: error }));
    });
  };
}

/** The request's checked files, ready to stream on (each a Blob backed by its temporary file). */
export async function uploadedFiles(req: Request): Promise<OutgoingFile[]> {
  const files = (req.files as SniffedFile[] | undefined) ?? [];
  return Promise.all(
    files.map(async (file) => ({
      filename: uploadedFilename(file.originalname, file.detectedType.ext),
      contentType: file.detectedType.mime,
      size: file.size,
      sha256: file.sha256,
      body: await openAsBlob(file.path, { type: file.detectedType.mime }),
    })),
  );
}
