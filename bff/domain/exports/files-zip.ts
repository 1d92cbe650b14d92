import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import yazl from 'yazl';
import type { ProjectFile } from '../documents/documents.service.ts';

export interface ZipTexts {
  readmeName: string;
  documentsFolder: string;
  photosFolder: string;
  readme: (counts: { documents: number; photos: number; missing: string[] }) => string;
}

/**
 * The project's documents and photos as one ZIP, streamed (docs/exports.md "Documents and photos"): each file is
 * fetched from its service only when the archive reaches it and passed through as it comes (stored, not compressed
 * again: PDFs and JPEGs are compressed already), so the ZIP of a hundred photos takes the memory of one chunk. A
 * note on top says what is inside and which source did not answer. A file that fails mid-way breaks the download off
 * (an error, never a ZIP that looks complete).
 */
export function projectFilesZip(files: { documents: ProjectFile[]; photos: ProjectFile[]; missing: string[] }, texts: ZipTexts): Readable {
  const zip = new yazl.ZipFile();
  const readme = texts.readme({ documents: files.documents.length, photos: files.photos.length, missing: files.missing });
  zip.addBuffer(Buffer.from(readme.replace(/\n/g, '\r\n'), 'utf8'), texts.readmeName, { compress: true });
  const add = (folder: string, file: ProjectFile) => {
    const mtime = file.modifiedAt && !Number.isNaN(Date.parse(file.modifiedAt)) ? new Date(file.modifiedAt) : new Date();
    zip.addReadStreamLazy(`${folder}/${file.name}`, { compress: false, mtime }, (done) => {
      file.open().then(
        (stream) => {
          const body = Readable.fromWeb(stream.body as NodeReadableStream<Uint8Array>);
          // yazl pipes the stream without listening for its errors: a service breaking off is the archive's error.
          body.on('error', (error) => zip.emit('error', error));
          done(null, body);
        },
        (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  };
  for (const file of files.documents) add(texts.documentsFolder, file);
  for (const file of files.photos) add(texts.photosFolder, file);
  zip.end();
  const output = zip.outputStream as Readable;
  // yazl reports a file that could not be read on the ZipFile: the answer's stream then ends with that error.
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
