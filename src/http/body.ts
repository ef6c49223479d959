import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/http-error.js';
import { parseUrlEncoded, type InputLimits } from './query.js';
import { jsonNestsDeeperThan } from './json-depth.js';
import { EMPTY_BAG, isObject, type InputBag } from './own.js';

/** The body kinds Switchyard reads. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'unsupported';

/** True when the request announces a body (a length above zero, or chunks). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * JSON when the media type ends in `/json` or `+json` (as the host framework
 * decides), a form for `application/x-www-form-urlencoded`, multipart for
 * `multipart/form-data`, else unsupported.
 */
export function bodyKind(contentType: string | undefined): BodyKind {
  if (contentType === undefined) return 'unsupported';
  if (contentType === 'application/json') return 'json'; // the common case, without string work
  const semi = contentType.indexOf(';');
  const type = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  if (type.endsWith('/json') || type.endsWith('+json')) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  return 'unsupported';
}

/** The limits a body is read within, named as the configuration keys. */
export interface BodyLimits extends InputLimits {
  readonly body_limit: number;
}

/**
 * Reads and parses a JSON or form body. Rejects an unreadable content type (415) before
 * reading; rejects a body over `body_limit` (413) from its `Content-Length` or as
 * soon as the stream passes the limit, without buffering the rest.
 */
export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<InputBag> {
  return readBodyInto(req, limits, undefined);
}

/**
 * `readBody`, calling `store` with the parsed body before the promise
 * settles, so the caller needs no extra `then` (one promise hop per body).
 */
export function readBodyInto(req: IncomingMessage, limits: BodyLimits, store: ((body: InputBag) => void) | undefined): Promise<InputBag> {
  const limit = limits.body_limit;
  const kind = bodyKind(req.headers['content-type']);
  if (kind === 'unsupported' || kind === 'multipart') {
    return Promise.reject(new UnsupportedMediaTypeError(req.headers['content-type'] ?? '(none)'));
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(new PayloadTooLargeError(limit));
  return collect(req, limit, (raw) => {
    const body = parseBody(raw, kind, limits);
    store?.(body);
    return body;
  });
}

function parseBody(raw: Buffer, kind: 'json' | 'form', limits: BodyLimits): InputBag {
  if (raw.length === 0) return EMPTY_BAG;
  // isUtf8 + toString is cheaper than a fatal TextDecoder for the small bodies of the hot path.
  if (!isUtf8(raw)) throw new BadRequestError('The request body is not valid UTF-8.');
  const text = raw.toString('utf8');
  return kind === 'json' ? parseJsonObject(text, limits.max_input_nesting) : parseUrlEncoded(text, limits);
}

function collect(req: IncomingMessage, limit: number, parse: (raw: Buffer) => InputBag): Promise<InputBag> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      try {
        resolve(parse(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new BadRequestError(`The request body could not be read: ${error.message}.`));
    };
    // 'close' before 'end': the client went away mid-upload.
    const onClose = () => onError(new Error('the client aborted the upload'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Drops `__proto__` keys; JSON.parse calls it only on the slow path. */
const dropProtoKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

/**
 * Parses a JSON body that must be an object. `__proto__` keys are removed so
 * that later copies can never change a prototype. Duplicate keys: last wins.
 */
export function parseJsonObject(text: string, maxDepth = 64): InputBag {
  if (jsonNestsDeeperThan(text, maxDepth)) {
    throw new BadRequestError(`The JSON body is nested too deeply: at most ${maxDepth} levels are accepted.`);
  }
  let value: unknown;
  try {
    // The reviver costs; only text that could spell __proto__ pays for it.
    value = text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
  } catch (error) {
    if (error instanceof RangeError) throw new BadRequestError('The JSON body is nested too deeply.');
    throw new BadRequestError('The request body is not valid JSON.');
  }
  if (!isObject(value)) throw new BadRequestError('The JSON body must be an object.');
  return value;
}
