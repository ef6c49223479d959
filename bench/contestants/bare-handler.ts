import type { IncomingMessage, ServerResponse } from 'node:http';
import { Ajv } from 'ajv';
import { MESSAGE_SCHEMA, PATH } from '../operations.js';

/**
 * The practical limit: the two operations written by hand on node:http, with
 * an ajv validator compiled once. It does the same work as a framework must
 * (split the URL, read the action from the query, read and parse the JSON
 * body, validate, serialise) and nothing else. Shared by the bare server and
 * the in-process micro-benchmark.
 */
const validate = new Ajv({ coerceTypes: false, allErrors: true }).compile<{ message: string }>(MESSAGE_SCHEMA);

const JSON_TYPE = 'application/json';

export function send(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Reads and parses a JSON body, then calls `then` with it (a 400 for bad JSON). */
export function readJson(req: IncomingMessage, res: ServerResponse, then: (input: unknown) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let input: unknown;
    try {
      input = JSON.parse(chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString());
    } catch {
      send(res, 400, { message: 'The request body is not valid JSON.' });
      return;
    }
    then(input);
  });
}

function echo(req: IncomingMessage, res: ServerResponse): void {
  readJson(req, res, (input) => {
    if (!validate(input)) {
      send(res, 422, { message: 'The given data was invalid.', errors: validate.errors });
      return;
    }
    send(res, 200, { message: input.message });
  });
}

/** The `(req, res)` listener. */
export function bareHandler(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path !== PATH) {
    send(res, 404, { message: 'Not Found' });
    return;
  }
  const action = mark === -1 ? null : new URLSearchParams(url.slice(mark + 1)).get('action');
  if (action === 'status') {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { message: 'Method Not Allowed' });
      return;
    }
    send(res, 200, { status: 'ok' });
    return;
  }
  if (action === 'echo') {
    if (req.method !== 'POST') {
      send(res, 405, { message: 'Method Not Allowed' });
      return;
    }
    echo(req, res);
    return;
  }
  send(res, 404, { message: 'Not Found' });
}
