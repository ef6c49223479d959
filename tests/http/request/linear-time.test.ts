/**
 * Every request accessor runs in time linear in what the client sent: for
 * each adversarial input (tests/http/request/adversarial-requests.ts), all
 * the accessors that read it are called on a fresh request, and their cost
 * must grow about 10 times on 10 times the input, not 100
 * (tests/helpers/growth.ts: CPU time, fastest of several runs, measured
 * again when over the limit). A 4xx refusal counts as an answer; anything
 * else thrown fails.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertLinear } from '../../helpers/growth.js';
import { ADVERSARIAL_CASES, answer, requestsFor } from './adversarial-requests.js';

// 5,000 → 50,000: quadratic work still grows about 100 times, while the allocation-heavy inputs (long
// queries, cookies, Accept lists) stay well under the limit; from 10,000 the collector's own growth brought
// them to 25-28 of 30.
const SIZE = 5_000;

const linear = suite('request accessors: linear in what the client sent');

for (const { what, input, config, accessors } of ADVERSARIAL_CASES) {
  const calls = Object.values(accessors);
  linear(`${Object.keys(accessors).join(', ')} on ${what}`, async () => {
    await assertLinear(
      `the accessors on ${what}`,
      (size) => {
        const next = requestsFor(input(size), config);
        return () => {
          const request = next();
          return calls.map((call) => answer(call, request));
        };
      },
      SIZE,
    );
  });
}

linear('the inputs reach every accessor that reads a client value', () => {
  const covered = new Set(ADVERSARIAL_CASES.flatMap((c) => Object.keys(c.accessors)));
  for (const accessor of [
    'url',
    'fullUrl',
    'fullUrlWithQuery',
    'fullUrlWithoutQuery',
    'path',
    'decodedPath',
    'segments',
    'segment',
    'is',
    'routeIs',
    'fullUrlIs',
    'host',
    'httpHost',
    'schemeAndHttpHost',
    'root',
    'ip',
    'ips',
    'header',
    'bearerToken',
    'cookie',
    'accepts',
    'prefers',
    'acceptsJson',
    'expectsJson',
    'wantsJson',
    'format',
    'getAcceptableContentTypes',
    'isJson',
    'query',
    'input',
    'all',
    'only',
    'except',
    'has',
    'filled',
    'boolean',
    'integer',
    'float',
    'string',
    'date',
    'enum',
    'collect',
    'fingerprint',
    'userAgent',
  ]) {
    assert.ok(covered.has(accessor), accessor);
  }
});

linear.run();
