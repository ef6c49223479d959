/**
 * An application's own regular expressions over a real socket: a pattern
 * that backtracks catastrophically in a backtracking engine (`regex:` in a
 * form request, a CORS origin pattern) answers at once on the value that
 * would hang it, and the server keeps answering `/up` right after.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';
import { serve } from '../helpers/apps.js';

class CodeRequest extends FormRequest {
  override rules() {
    return { r: ['required', 'regex:/^([a-z]+)*$/'], s: ['sometimes', 'not_regex:/^([a-z]+)*$/'] };
  }
}

class CheckAction extends Action {
  override methods = ['POST'] as const;
  @handles(CodeRequest)
  handle(request: CodeRequest) {
    return request.validated();
  }
}

class CodesController extends ActionController {
  actions = { check: CheckAction };
}

const test = suite('e2e: catastrophic regular expressions');
const h = serve(test, () =>
  new Application({
    health: '/up',
    cors: { allowed_origins: [], allowed_origins_patterns: ['#^https://([a-z0-9]+)*\\.example\\.org$#'] },
  }).withRouting({ api: (router) => void router.svc('/codes', CodesController, ['POST']) }),
);

const HANGING = `${'a'.repeat(40)}!`;

test('regex:/^([a-z]+)*$/ on 40 letters and "!" answers 422, then /up answers', async () => {
  const reply = await h.http.send('POST', '/api/codes?action=check', { json: { r: HANGING } });
  assert.is(reply.status, 422);
  assert.equal(reply.body, { message: 'The r field format is invalid.', errors: { r: ['The r field format is invalid.'] } });
  const up = await h.http.send('GET', '/up');
  assert.is(up.status, 200);
  assert.equal(up.body, { status: 'up' });
});

test('not_regex on the same value passes, and a matching value passes regex', async () => {
  const reply = await h.http.send('POST', '/api/codes?action=check', { json: { r: 'abc', s: HANGING } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { r: 'abc', s: HANGING });
});

test('an anonymous preflight from a crafted origin is refused at once, then /up answers', async () => {
  const origin = `https://${'a'.repeat(40)}!`;
  const headers = { origin, 'access-control-request-method': 'POST' };
  const preflight = await h.http.send('OPTIONS', '/api/codes', { headers });
  assert.is(preflight.headers['access-control-allow-origin'], undefined);
  const allowed = await h.http.send('OPTIONS', '/api/codes', { headers: { ...headers, origin: 'https://app.example.org' } });
  assert.is(allowed.status, 204);
  assert.is(allowed.headers['access-control-allow-origin'], 'https://app.example.org');
  const up = await h.http.send('GET', '/up');
  assert.is(up.status, 200);
});

test.run();
