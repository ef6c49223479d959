import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BadRequestError, HttpError, PayloadTooLargeError } from '../errors/http-error.js';
import { InputBuilder, type InputLimits } from './query.js';
import { UploadedFile } from './uploaded-file.js';
import type { InputBag } from './own.js';

/** Limits for multipart bodies, named as the configuration keys. */
export interface MultipartLimits extends InputLimits {
  readonly body_limit: number;
  readonly max_file_size: number;
  readonly max_files: number;
}

/** The fields and files of a multipart body. */
export interface MultipartBody {
  fields: InputBag;
  files: Map<string, UploadedFile[]>;
}

/**
 * Parses `multipart/form-data` (regular HTML forms with file inputs) with
 * busboy, a streaming parser. Fields follow the same bracket rules as form
 * bodies; files are buffered within `max_file_size` each, `max_files` in all
 * and `body_limit` for the whole body (413 past any of them).
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: limits.max_file_size,
          files: limits.max_files,
          fields: limits.max_input_vars,
          parts: limits.max_input_vars + limits.max_files,
          fieldSize: limits.body_limit,
        },
      });
    } catch {
      reject(new BadRequestError('The multipart body has no valid boundary.'));
      return;
    }
    const fields = new InputBuilder(limits);
    const files = new Map<string, UploadedFile[]>();
    let received = 0;
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.pause();
      reject(error);
    };
    const count = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received > limits.body_limit) fail(new PayloadTooLargeError(limits.body_limit));
    };
    req.on('data', count);
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new PayloadTooLargeError(limits.body_limit));
      try {
        fields.add(name, value);
      } catch (error) {
        fail(error as HttpError);
      }
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpError(413, `A file is larger than the limit of ${limits.max_file_size} bytes.`)));
      stream.on('close', () => {
        if (settled) return;
        const list = files.get(name) ?? [];
        list.push(new UploadedFile(name, info.filename ?? '', info.mimeType, Buffer.concat(chunks)));
        files.set(name, list);
      });
    });
    parser.on('filesLimit', () => fail(new HttpError(413, `Too many files: at most ${limits.max_files} are accepted.`)));
    parser.on('fieldsLimit', () => fail(new BadRequestError(`Too many input parameters: at most ${limits.max_input_vars} are accepted.`)));
    parser.on('partsLimit', () => fail(new BadRequestError('Too many parts in the multipart body.')));
    parser.on('error', () => fail(new BadRequestError('The multipart body is malformed.')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      try {
        resolve({ fields: fields.finish(), files });
      } catch (error) {
        reject(error);
      }
    });
    req.on('aborted', () => fail(new BadRequestError('The client aborted the upload.')));
    req.pipe(parser);
  });
}
