import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import busboy from 'busboy';
import { BadRequestError, HttpError, PayloadTooLargeError } from '../errors/http-error.js';
import { InputBuilder, type InputLimits } from './query.js';
import { UploadedFile } from './uploaded-file.js';
import type { InputBag } from './own.js';
import { ByteSink } from './byte-sink.js';
import { unsupportedEncoding } from './body.js';

/** Limits for multipart bodies, named as the configuration keys. */
export interface MultipartLimits extends InputLimits {
  readonly body_limit: number;
  readonly max_file_size: number;
  readonly max_files: number;
}

/** The fields and files of a multipart body. */
export interface MultipartBody {
  fields: InputBag;
  /** The body's size in bytes. */
  bytes: number;
  /** The files by field name as sent (`photos[]`), in arrival order. */
  files: Map<string, UploadedFile[]>;
  /**
   * The files at their bracket-parsed paths, as the host framework's
   * `allFiles()`: `photo` → a file, `photos[]` → a list, `doc[a]` → nested;
   * a file input sent empty (no file name) is left out. Undefined when the
   * body had no file part.
   */
  fileBag: InputBag | undefined;
}

/**
 * Parses `multipart/form-data` (regular HTML forms with file inputs) with
 * busboy, a streaming parser. Fields follow the same bracket rules as form
 * bodies; files are buffered within `max_file_size` each, `max_files` in all
 * and `body_limit` for the whole body (413 past any of them).
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  const encoding = unsupportedEncoding(req);
  if (encoding !== undefined) return Promise.reject(encoding);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Names and values arrive byte for byte (latin1 is lossless) and are
        // decoded as strict UTF-8 below, as JSON and form bodies are.
        defCharset: 'latin1',
        defParamCharset: 'latin1',
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
    // Files follow the fields' bracket rules; busboy already caps them at max_files.
    let fileBag: InputBuilder | undefined;
    const fileBagLimits = { max_input_vars: limits.max_files, max_input_nesting: limits.max_input_nesting };
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
    parser.on('field', (rawName, rawValue, info) => {
      if (info.valueTruncated) return fail(new PayloadTooLargeError(limits.body_limit));
      // A part without a name is skipped, as PHP skips it.
      if (!rawName) return;
      const name = utf8(rawName);
      const value = utf8(rawValue);
      if (name === undefined || value === undefined) return fail(new BadRequestError('A multipart field is not valid UTF-8.'));
      try {
        fields.add(name, value);
      } catch (error) {
        fail(error as HttpError);
      }
    });
    parser.on('file', (rawName, stream, info) => {
      const name = rawName ? utf8(rawName) : undefined;
      if (name === undefined) {
        stream.resume(); // nameless (skipped, as PHP does) or not UTF-8 (refused)
        if (rawName) fail(new BadRequestError('A multipart field name is not valid UTF-8.'));
        return;
      }
      const sink = new ByteSink();
      stream.on('data', (chunk: Buffer) => sink.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(limits.max_file_size, 'A file')));
      stream.on('close', () => {
        if (settled) return;
        const filename = info.filename === undefined ? '' : (utf8(info.filename) ?? info.filename);
        // A file input left empty is sent without a file name: PHP's UPLOAD_ERR_NO_FILE, which
        // Laravel's request leaves out of its files altogether (`filterFiles`); its bytes are ignored.
        if (filename === '') return;
        const file = new UploadedFile(name, filename, info.mimeType, Buffer.from(sink.bytes()));
        try {
          (fileBag ??= new InputBuilder(fileBagLimits)).add(name, file);
        } catch (error) {
          return fail(error as HttpError);
        }
        const list = files.get(name) ?? [];
        list.push(file);
        files.set(name, list);
      });
    });
    parser.on('filesLimit', () =>
      fail(new HttpError(413, `Too many files: at most ${limits.max_files} are accepted.`, { connection: 'close' })),
    );
    parser.on('fieldsLimit', () => fail(new BadRequestError(`Too many input parameters: at most ${limits.max_input_vars} are accepted.`)));
    parser.on('partsLimit', () => fail(new BadRequestError('Too many parts in the multipart body.')));
    parser.on('error', () => fail(new BadRequestError('The multipart body is malformed.')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      try {
        resolve({ fields: fields.finish(), bytes: received, files, fileBag: fileBag?.finish() });
      } catch (error) {
        reject(error);
      }
    });
    req.on('aborted', () => fail(new BadRequestError('The client aborted the upload.')));
    req.pipe(parser);
  });
}

/** Re-reads a latin1-decoded string as strict UTF-8; undefined when its bytes are not UTF-8. */
function utf8(latin1: string): string | undefined {
  const bytes = Buffer.from(latin1, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}
