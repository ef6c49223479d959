import { type IncomingMessage, ServerResponse } from 'node:http';
import { HttpRequest, type InputBag } from '../../src/index.js';
import { BadRequestError } from '../../src/errors/http-error.js';
import { resolveConfig } from '../../src/config.js';
import { Exchange } from '../../src/routing/exchange.js';
import { headerLinesError, originForm, wireError } from '../../src/http/wire-rules.js';
import { copyHeaders, type HeaderMap } from '../../src/http/response.js';
import { createSystemApp } from '../../examples/system/app.js';
import { bareHandler } from '../contestants/bare-handler.js';
import {
  EchoWithoutDeclaredResponse,
  EchoWithoutFormRequest,
  EchoWithoutPrecognition,
  EchoWithoutValidated,
  StatusWithoutDeclaredResponse,
  exampleWith,
} from './example-variants.js';

/** A node:http listener. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One piece of a request's cost, and the build that shows it: the example
 * application without the piece (measured against `switchyard`, the full
 * build), or, for a piece the application cannot do without, the bare
 * node:http server with it added (measured against `bare`). Made by
 * configuration where the application allows it, else by a bench-only
 * subclass or patch: never by a switch on the production path.
 */
export interface Piece {
  /** Short name: the contestant is `switchyard-without-<piece>` or `bare-with-<piece>`. */
  readonly piece: string;
  /** What is measured against: the full example build, or the bare server. */
  readonly against: 'switchyard' | 'bare';
  /** How the variant leaves the piece out (or adds it). */
  readonly how: string;
  /** Builds the variant's listener (and applies its patch: call it in the contestant's own process only). */
  readonly listener: () => Listener;
}

/** The variants, in the order of the table (bench/results/variants.md). */
export const PIECES: readonly Piece[] = [
  {
    piece: 'cors',
    against: 'switchyard',
    how: 'configuration: `cors: false` (no Access-Control-* headers, no preflight check)',
    listener: () => createSystemApp({ cors: false }).listener,
  },
  {
    piece: 'vary-precognition',
    against: 'switchyard',
    how: 'echo without `precognition = true` (no `Vary: Precognition`); status is unchanged',
    listener: () => exampleWith({ echo: EchoWithoutPrecognition }).listener,
  },
  {
    piece: 'normalisation',
    against: 'switchyard',
    how: 'configuration: `trim_strings: false, convert_empty_strings_to_null: false` (the stage is left out)',
    listener: () => createSystemApp({ trim_strings: false, convert_empty_strings_to_null: false }).listener,
  },
  {
    piece: 'json-depth',
    against: 'switchyard',
    how: 'configuration: `max_input_nesting: 1e6` (bodies shorter than the limit skip the scan; the echo body already does at 64)',
    listener: () => createSystemApp({ max_input_nesting: 1e6 }).listener,
  },
  {
    piece: 'body-collector',
    against: 'switchyard',
    how: "patch: a JSON body is read as the bare server reads it (chunks, `JSON.parse` on 'end'), without limits, UTF-8 check or cleanup",
    listener: () => {
      collectBodiesBare();
      return createSystemApp().listener;
    },
  },
  {
    piece: 'form-request',
    against: 'switchyard',
    how: 'echo checks `message` by hand (a string of at most 255 characters, else a 422): no form request, no rule engine',
    listener: () => exampleWith({ echo: EchoWithoutFormRequest }).listener,
  },
  {
    piece: 'validated',
    against: 'switchyard',
    how: 'echo answers `{ message: form.input() }` instead of `form.validated()`',
    listener: () => exampleWith({ echo: EchoWithoutValidated }).listener,
  },
  {
    piece: 'declared-response',
    against: 'switchyard',
    how: 'no `static response`: answers are written with `JSON.stringify` instead of the compiled serializer',
    listener: () => exampleWith({ status: StatusWithoutDeclaredResponse, echo: EchoWithoutDeclaredResponse }).listener,
  },
  {
    piece: 'laravel-work',
    against: 'switchyard',
    how: "all of the above that Fastify's contestant does not do, at once: `cors: false`, echo without `precognition = true`, and the body read as the bare server reads it (no limits, UTF-8 check, cleanup or normalisation)",
    listener: () => {
      collectBodiesBare();
      return exampleWith({ echo: EchoWithoutPrecognition }, { cors: false }).listener;
    },
  },
  {
    piece: 'request-objects',
    against: 'bare',
    how: 'the bare server also makes an `Exchange` and its `HttpRequest` per request (unused)',
    listener: () => {
      const config = resolveConfig();
      return (req, res) => {
        const url = req.url ?? '/';
        const mark = url.indexOf('?');
        kept.last = new Exchange(
          req,
          res,
          mark === -1 ? url : url.slice(0, mark),
          mark === -1 ? '' : url.slice(mark + 1),
          config,
          undefined,
        );
        bareHandler(req, res);
      };
    },
  },
  {
    piece: 'wire-checks',
    against: 'bare',
    how: "the bare server also runs the kernel's checks of the request line and headers (target form, header lines, Host, Transfer-Encoding)",
    listener: () => (req, res) => {
      originForm(req, req.url ?? '/');
      if (headerLinesError(req) !== undefined || wireError(req) !== undefined) throw new Error('unexpected');
      bareHandler(req, res);
    },
  },
  {
    piece: 'header-copy',
    against: 'bare',
    how: "the bare server's answer headers are copied once more before `writeHead` (patch), as the kernel copies a response's own headers",
    listener: () => {
      patchAnswerHeaders((_res, headers) => copyHeaders(headers));
      return bareHandler;
    },
  },
  {
    piece: 'laravel-headers',
    against: 'bare',
    how: "the bare server's answers also carry the headers Laravel's answer has and Fastify's contestant does not (patch): `Access-Control-Allow-Origin: *`, and `Vary: Precognition` on echo",
    listener: () => {
      // In place, as the kernel adds them to its own copy (the bare handler makes a new object per answer).
      patchAnswerHeaders((res, headers) => {
        headers['access-control-allow-origin'] = '*';
        if (res.req.method === 'POST') headers['vary'] = 'Precognition';
        return headers;
      });
      return bareHandler;
    },
  },
];

/** Patches node's `writeHead` so that every answer's headers go through `change` first (a variant's own process only). */
function patchAnswerHeaders(change: (res: ServerResponse, headers: HeaderMap) => HeaderMap): void {
  const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, status: number, headers?: HeaderMap) => ServerResponse;
  (ServerResponse.prototype as { writeHead: unknown }).writeHead = function (this: ServerResponse, status: number, headers?: HeaderMap) {
    return writeHead.call(this, status, headers === undefined ? undefined : change(this, headers));
  };
}

/** Keeps the last exchange reachable, so that making it is not optimised away. */
const kept: { last: unknown } = { last: undefined };

/** The contestant name of a piece's variant. */
export function variantName(piece: Piece): string {
  return piece.against === 'switchyard' ? `switchyard-without-${piece.piece}` : `bare-with-${piece.piece}`;
}

/** The piece a contestant name stands for, if it names a variant. */
export function pieceNamed(name: string): Piece | undefined {
  return PIECES.find((piece) => variantName(piece) === name);
}

/**
 * Patches `HttpRequest.prototype.loadBody` so that a JSON body is collected
 * as the bare server does it. The body is stored with `replaceBody`, so it
 * is not normalised either (the echo body has nothing to trim).
 */
function collectBodiesBare(): void {
  const proto = HttpRequest.prototype;
  const original = proto.loadBody;
  proto.loadBody = function (this: HttpRequest, limits) {
    if (this.bodyLoaded || this.raw.headers['content-type'] !== 'application/json') return original.call(this, limits);
    return new Promise<InputBag>((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.raw.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.raw.on('end', () => {
        try {
          const body = JSON.parse(chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString()) as InputBag;
          this.replaceBody(body);
          resolve(body);
        } catch {
          reject(new BadRequestError('The request body is not valid JSON.'));
        }
      });
    });
  };
}
