import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/http-error.js';
import { parseUrlEncoded, type InputLimits } from './query.js';
import { jsonNestsDeeperThan } from '../php/json-depth.js';
import { EMPTY_BAG, isObject, type InputBag } from './own.js';
import { ByteSink } from './byte-sink.js';

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
 * soon as the stream passes the limit, without buffering the rest. `store`,
 * if given, receives the parsed body and its size in bytes before the promise settles, so the
 * caller needs no extra `then` (one promise hop per body).
 */
export function readBody(req: IncomingMessage, limits: BodyLimits, store?: (body: InputBag, bytes: number) => void): Promise<InputBag> {
  const limit = limits.body_limit;
  const kind = bodyKind(req.headers['content-type']);
  if (kind === 'unsupported' || kind === 'multipart') {
    return Promise.reject(new UnsupportedMediaTypeError(req.headers['content-type'] ?? '(none)'));
  }
  const encoding = unsupportedEncoding(req);
  if (encoding !== undefined) return Promise.reject(encoding);
  const declared = req.headers['content-length'];
  const length = declared === undefined ? 0 : Number(declared);
  if (length > limit) return Promise.reject(new PayloadTooLargeError(limit));
  return collect(req, limit, length, kind, limits, store);
}

function parseBody(raw: Buffer, kind: 'json' | 'form', limits: BodyLimits): InputBag {
  if (raw.length === 0) return EMPTY_BAG;
  // isUtf8 + toString is cheaper than a fatal TextDecoder for the small bodies of the hot path.
  if (!isUtf8(raw)) throw new BadRequestError('The request body is not valid UTF-8.');
  const text = raw.toString('utf8');
  return kind === 'json' ? parseJsonObject(text, limits.max_input_nesting) : parseUrlEncoded(text, limits);
}

/**
 * A body in a `Content-Encoding` Switchyard does not decode (any but
 * `identity`) is refused with 415, as the host framework reads bodies as
 * sent: a gzip body would otherwise fail later as "not UTF-8".
 */
export function unsupportedEncoding(req: IncomingMessage): UnsupportedMediaTypeError | undefined {
  const encoding = req.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return undefined;
  return new UnsupportedMediaTypeError(
    req.headers['content-type'] ?? '(none)',
    `Unsupported Content-Encoding "${encoding.slice(0, 64)}": send the body without a content encoding.`,
  );
}

/**
 * Collects the body within `limit`, then parses it and hands it to `store`. Three listener functions
 * per body and nothing else made per request: an 'error' and a 'close' before 'end' are one abort.
 */
function collect(
  req: IncomingMessage,
  limit: number,
  expected: number,
  kind: 'json' | 'form',
  limits: BodyLimits,
  store: ((body: InputBag, bytes: number) => void) | undefined,
): Promise<InputBag> {
  return new Promise((resolve, reject) => {
    const sink = new ByteSink(expected);
    const onData = (chunk: Buffer) => {
      if (sink.size + chunk.length > limit) {
        detach(req, onData, onEnd, onAbort);
        req.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      sink.push(chunk);
    };
    const onEnd = () => {
      detach(req, onData, onEnd, onAbort);
      try {
        const raw = sink.bytes();
        const body = parseBody(raw, kind, limits);
        store?.(body, raw.length);
        resolve(body);
      } catch (error) {
        reject(error);
      }
    };
    // 'error', or 'close' before 'end': the client went away mid-upload.
    const onAbort = (error?: Error) => {
      detach(req, onData, onEnd, onAbort);
      reject(new BadRequestError(`The request body could not be read: ${error?.message ?? 'the client aborted the upload'}.`));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

function detach(req: IncomingMessage, onData: (chunk: Buffer) => void, onEnd: () => void, onAbort: (error?: Error) => void): void {
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('error', onAbort);
  req.off('close', onAbort);
}

/** `String.prototype.isWellFormed` (Node 20; typed in lib es2024). */
const isWellFormed = (String.prototype as unknown as { isWellFormed: (this: string) => boolean }).isWellFormed;

/**
 * The slow path's reviver: drops `__proto__` keys, and refuses strings with
 * a lone UTF-16 surrogate (`"\ud800"`), which PHP's json_decode refuses too.
 */
function revive(key: string, value: unknown): unknown {
  if (key === '__proto__') return undefined;
  if (!isWellFormed.call(key) || (typeof value === 'string' && !isWellFormed.call(value))) throw new LoneSurrogate();
  return value;
}

class LoneSurrogate extends Error {}

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
    // The reviver costs; only text that could spell __proto__ or a surrogate pays for it.
    value = text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, revive) : JSON.parse(text);
  } catch (error) {
    if (error instanceof LoneSurrogate) throw new BadRequestError('The JSON body has an unpaired UTF-16 surrogate escape.');
    if (error instanceof RangeError) throw new BadRequestError('The JSON body is nested too deeply.');
    throw new BadRequestError('The request body is not valid JSON.');
  }
  if (!isObject(value)) throw new BadRequestError('The JSON body must be an object.');
  return value;
}
