import { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError, MAX_IMPORT_BYTES } from '@drivebay/shared';

export type UploadedFile = {
  name: string;
  /** The file's bytes as they arrive; fails with PAYLOAD_TOO_LARGE past MAX_IMPORT_BYTES. */
  stream: Readable;
  /** The request's declared length, to tell progress by; null when not declared. */
  declaredBytes: number | null;
};

export const FILE_FIELD = 'multipartFile';
const MB = Math.round(MAX_IMPORT_BYTES / 1024 / 1024);

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MB} MB: split it into smaller files`, [{ field: FILE_FIELD, message: `larger than ${MB} MB` }]);

/**
 * Streams the `multipartFile` field of a multipart request to `handle`, without holding the file
 * in memory. Refuses a request that is not multipart, has no such field, or is larger than
 * MAX_IMPORT_BYTES (declared or as it turns out). What `handle` does not read is drained.
 */
export async function withUploadedFile<T>(request: Request, handle: (file: UploadedFile) => Promise<T>): Promise<T> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !request.body) {
    throw new AppError('VALIDATION_FAILED', `Send the file as multipart/form-data in the field ${FILE_FIELD}`, [{ field: FILE_FIELD, message: 'required' }]);
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES + 64 * 1024) throw tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 20, parts: 30 } });
  } catch {
    throw new AppError('VALIDATION_FAILED', `Send the file as multipart/form-data in the field ${FILE_FIELD}`, [{ field: FILE_FIELD, message: 'not a multipart body' }]);
  }
  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  return new Promise<T>((resolve, reject) => {
    let handled = false;
    parser.on('file', (field, stream, info) => {
      if (field !== FILE_FIELD || handled) {
        stream.resume();
        return;
      }
      handled = true;
      stream.on('limit', () => stream.destroy(tooLarge()));
      handle({ name: info.filename || 'upload', stream, declaredBytes: Number.isFinite(declared) ? declared : null })
        .then(resolve, reject)
        .finally(() => {
          if (!stream.destroyed) stream.resume();
          body.resume();
        });
    });
    parser.on('error', (err) => {
      if (!handled) reject(new AppError('VALIDATION_FAILED', `The upload could not be read: ${(err as Error).message}`, [{ field: FILE_FIELD, message: 'malformed multipart body' }]));
    });
    parser.on('close', () => {
      if (!handled) reject(new AppError('VALIDATION_FAILED', `No file in the field ${FILE_FIELD}`, [{ field: FILE_FIELD, message: 'required' }]));
    });
    body.on('error', (err) => {
      if (!handled) reject(new AppError('VALIDATION_FAILED', `The upload was cut short: ${err.message}`, [{ field: FILE_FIELD, message: 'incomplete' }]));
    });
    body.pipe(parser);
  });
}
