/**
 * The compiled policy's contract with the pipeline: it never changes a
 * response object it did not make (a middleware may hand out one canned
 * answer to every request), and a synchronous answer stays synchronous.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JsonResponse } from '../../src/index.js';
import { CorsPolicy } from '../../src/cors/cors-policy.js';
import { resolveCorsOptions, type CorsConfig } from '../../src/config/cors-options.js';
import { requestFor } from '../signing/helpers.js';
import { serve } from '../helpers/apps.js';
import { corsApp } from './app.js';

const FRONT = 'http://localhost:5173';
const canned = new JsonResponse({ message: 'Maintenance.' }, 503, { 'retry-after': '60' });

const shared = suite('cors: a shared response object');
const s = serve(shared, () =>
  corsApp({ cors: { allowed_origins: [FRONT, 'https://app.example.com'] } }).use((request, next) =>
    request.header('x-canned') === undefined ? next(request) : canned,
  ),
);

shared('an allowed origin echoed on one request never leaks into the next one', async () => {
  const first = await s.http.send('GET', '/api/things?action=ping', { headers: { origin: FRONT, 'x-canned': '1' } });
  assert.is(first.status, 503);
  assert.is(first.headers['access-control-allow-origin'], FRONT);
  const second = await s.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://evil.example', 'x-canned': '1' } });
  assert.is(second.status, 503);
  assert.is(second.headers['access-control-allow-origin'], undefined);
  assert.equal(canned.headers, { 'retry-after': '60' }, 'the canned object is untouched');
});

const sync = suite('cors: synchronous answers');

sync('a synchronous handler still answers synchronously through the policy', () => {
  const policy = new CorsPolicy(resolveCorsOptions({}) as CorsConfig);
  const run = policy.wrap(
    () => new JsonResponse({ ok: true }),
    () => new JsonResponse({ message: 'Server Error' }, 500),
  );
  const answer = run(requestFor('/api/things', { headers: { origin: FRONT } }));
  assert.instance(answer, JsonResponse);
  assert.is((answer as JsonResponse).headers['access-control-allow-origin'], '*');
});

shared.run();
sync.run();
