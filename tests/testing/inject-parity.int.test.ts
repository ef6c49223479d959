/**
 * `app.inject()` answers exactly as the application does over a real
 * socket: a sample of the end-to-end cases (status, echo, 404, 405, 422,
 * 415, 413, 414, 400, Precognition 204/422, signed URLs 200/403,
 * multipart 200/422/413, CORS) is sent both ways to the same application, and the
 * status, body and the headers a client relies on must be identical.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';
import { Router } from '../../src/routing/router.js';
import { SystemController } from '../../examples/system/system-controller.js';
import { serve } from '../helpers/apps.js';

class UploadRequest extends FormRequest {
  override rules() {
    return { title: 'required|string|max:20' };
  }
}

class UploadAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: UploadRequest) {
    const file = request.file('document');
    return { ...request.validated(), document: file ? { name: file.filename, size: file.size } : null };
  }
}

class UploadController extends ActionController {
  actions = { upload: UploadAction };
}

const KEY = 'base64:' + Buffer.from('k'.repeat(32)).toString('base64');
const reported: unknown[] = [];

function makeApp(): Application {
  Router.flushMacros();
  return new Application({
    app_key: KEY,
    body_limit: 4096,
    max_query_length: 256,
    max_input_vars: 10,
    max_file_size: 64,
    max_files: 2,
    report: (error) => void reported.push(error),
  }).withRouting({
    api: (router) => {
      router.svc('/system', SystemController, ['GET', 'POST']).name('system');
      router.svc('/signed', SystemController, ['GET', 'POST']).name('signed').middleware('signed:relative');
      router.svc('/files', UploadController, ['POST']);
    },
  });
}

/** One request, sent as the same bytes both ways. */
interface Case {
  label: string;
  method: string;
  url: string | (() => string);
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The status the e2e suites expect: the sample must cover what it claims to. */
  status: number;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const PRECOG = { ...JSON_TYPE, precognition: 'true' };
const BOUNDARY = 'switchyard-parity-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart body with text fields and files, as a browser would send it. */
function multipart(fields: Record<string, string>, files: { name: string; filename: string; content: string }[] = []): Buffer {
  let text = '';
  for (const [name, value] of Object.entries(fields)) {
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  for (const file of files) {
    text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`;
  }
  return Buffer.from(`${text}--${BOUNDARY}--\r\n`);
}

let app: Application;
const signed = (params: Record<string, string>) => () => app.urlSigner.signedRoute('signed', params, { absolute: false });

const CASES: Case[] = [
  { label: 'GET status', method: 'GET', url: '/api/system?action=status', status: 200 },
  { label: 'HEAD status', method: 'HEAD', url: '/api/system?action=status', status: 200 },
  {
    label: 'POST echo (JSON)',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: JSON_TYPE,
    body: '{"message":"hello"}',
    status: 200,
  },
  {
    label: 'POST echo (form)',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'message=hi+there&extra=1',
    status: 200,
  },
  { label: 'trailing slash', method: 'GET', url: '/api/system/?action=status', status: 200 },
  { label: 'unknown action: 404', method: 'GET', url: '/api/system?action=nope', status: 404 },
  { label: 'no action, no default: 404', method: 'GET', url: '/api/system', status: 404 },
  { label: 'unknown path: 404', method: 'GET', url: '/api/nowhere', status: 404 },
  { label: 'action method: 405 + Allow', method: 'POST', url: '/api/system?action=status', headers: JSON_TYPE, body: '{}', status: 405 },
  { label: 'route method: 405 + Allow', method: 'DELETE', url: '/api/system?action=status', status: 405 },
  { label: 'OPTIONS: 204 + Allow', method: 'OPTIONS', url: '/api/system?action=echo', status: 204 },
  {
    label: 'CORS preflight: 204 + Access-Control-*',
    method: 'OPTIONS',
    url: '/api/system?action=echo',
    headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    status: 204,
  },
  {
    label: 'CORS simple request: 200 + Access-Control-Allow-Origin',
    method: 'GET',
    url: '/api/system?action=status',
    headers: { origin: 'https://app.example' },
    status: 200,
  },
  { label: 'missing message: 422', method: 'POST', url: '/api/system?action=echo', headers: JSON_TYPE, body: '{}', status: 422 },
  {
    label: 'message too long: 422',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: JSON_TYPE,
    body: JSON.stringify({ message: 'x'.repeat(256) }),
    status: 422,
  },
  {
    label: 'text/plain: 415',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: { 'content-type': 'text/plain' },
    body: 'hi',
    status: 415,
  },
  {
    label: 'body over body_limit: 413',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: JSON_TYPE,
    body: JSON.stringify({ message: 'a'.repeat(5000) }),
    status: 413,
  },
  { label: 'broken JSON: 400', method: 'POST', url: '/api/system?action=echo', headers: JSON_TYPE, body: '{"message":', status: 400 },
  { label: 'query over max_query_length: 414', method: 'GET', url: `/api/system?action=status&pad=${'p'.repeat(300)}`, status: 414 },
  {
    label: 'too many input vars: 400',
    method: 'GET',
    url: `/api/system?action=status&${Array.from({ length: 12 }, (_, i) => `v${i}=1`).join('&')}`,
    status: 400,
  },
  {
    label: 'Precognition, valid: 204',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: PRECOG,
    body: '{"message":"hi"}',
    status: 204,
  },
  { label: 'Precognition, invalid: 422', method: 'POST', url: '/api/system?action=echo', headers: PRECOG, body: '{}', status: 422 },
  {
    label: 'Precognition-Validate-Only another field: 204',
    method: 'POST',
    url: '/api/system?action=echo',
    headers: { ...PRECOG, 'precognition-validate-only': 'other' },
    body: '{}',
    status: 204,
  },
  { label: 'Precognition on an action without it: 400', method: 'GET', url: '/api/system?action=status', headers: PRECOG, status: 400 },
  { label: 'signed URL, valid: 200', method: 'GET', url: signed({ action: 'status' }), status: 200 },
  { label: 'signed URL, unsigned: 403', method: 'GET', url: '/api/signed?action=status', status: 403 },
  {
    label: 'signed URL, tampered: 403',
    method: 'GET',
    url: () => signed({ action: 'status', ref: 'mail' })().replace('ref=mail', 'ref=spam'),
    status: 403,
  },
  {
    label: 'signed URL, expired: 403',
    method: 'GET',
    url: () => app.urlSigner.temporarySignedRoute('signed', -60, { action: 'status' }, { absolute: false }),
    status: 403,
  },
  {
    label: 'multipart with a file: 200',
    method: 'POST',
    url: '/api/files?action=upload',
    headers: MULTIPART,
    body: multipart({ title: 'Report' }, [{ name: 'document', filename: 'hello.txt', content: 'hello file' }]),
    status: 200,
  },
  {
    label: 'multipart, invalid field: 422',
    method: 'POST',
    url: '/api/files?action=upload',
    headers: MULTIPART,
    body: multipart({ title: 'x'.repeat(21) }),
    status: 422,
  },
  {
    label: 'multipart, file over max_file_size: 413',
    method: 'POST',
    url: '/api/files?action=upload',
    headers: MULTIPART,
    body: multipart({ title: 'Report' }, [{ name: 'document', filename: 'big.txt', content: 'x'.repeat(100) }]),
    status: 413,
  },
  {
    label: 'multipart, too many files: 413',
    method: 'POST',
    url: '/api/files?action=upload',
    headers: MULTIPART,
    body: multipart(
      {},
      [0, 1, 2].map((i) => ({ name: 'document', filename: `f${i}.txt`, content: 'x' })),
    ),
    status: 413,
  },
];

/** The headers a client relies on (not date, connection or keep-alive, which belong to the transport). */
const COMPARED = [
  'content-type',
  'content-length',
  'allow',
  'vary',
  'precognition',
  'precognition-success',
  'x-request-id',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'access-control-expose-headers',
];

function pick(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of COMPARED) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

const parity = suite('app.inject() answers as the socket does');
const served = serve(parity, () => (app = makeApp()));

parity.before.each(() => {
  reported.length = 0;
});

parity(`the sample covers at least 20 e2e cases (${CASES.length})`, () => {
  assert.ok(CASES.length >= 20);
});

for (const c of CASES) {
  parity(c.label, async () => {
    const url = typeof c.url === 'function' ? c.url() : c.url;
    const wire = await served.http.send(c.method, url, { headers: c.headers ?? {}, ...(c.body === undefined ? {} : { body: c.body }) });
    const injected = await app.inject({
      method: c.method as 'GET',
      url,
      headers: { accept: 'application/json', ...c.headers },
      ...(c.body === undefined ? {} : { payload: c.body }),
    });
    assert.is(wire.status, c.status, `over the socket (body: ${wire.text.slice(0, 200)})`);
    assert.is(injected.statusCode, wire.status, 'status');
    assert.is(injected.body, wire.text, 'body');
    assert.equal(pick(injected.headers), pick(wire.headers), 'headers');
    assert.equal(reported, [], 'no server error');
  });
}

parity('inject() resolves to light-my-request’s response: statusCode, headers, body, json()', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: { message: 'hi' } });
  assert.is(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  assert.is(response.body, '{"message":"hi"}');
  assert.equal(response.json(), { message: 'hi' });
});

parity.run();
