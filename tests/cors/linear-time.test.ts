/**
 * CORS reads the client's Origin, Access-Control-Request-Method,
 * Access-Control-Request-Headers and path: each in time linear in its
 * length, below the caps and above them (tests/helpers/growth.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CorsPolicy } from '../../src/cors/cors-policy.js';
import { resolveCorsOptions, type CorsConfig, type CorsOptions } from '../../src/config/cors-options.js';
import { HttpRequest } from '../../src/http/request.js';
import { resolveConfig } from '../../src/config.js';
import type { HeaderMap } from '../../src/http/response.js';
import { assertLinear } from '../helpers/growth.js';

const config = resolveConfig();

function policy(options: CorsOptions): CorsPolicy {
  return new CorsPolicy(resolveCorsOptions(options) as CorsConfig);
}

/** A request as the kernel builds it, with the client's method, path and headers. */
function request(method: string, path: string, headers: Record<string, string>): HttpRequest {
  const raw = { method, headers: { host: 'example.com', ...headers }, socket: { encrypted: false, remoteAddress: '127.0.0.1' } };
  return new HttpRequest(raw as unknown as IncomingMessage, {} as ServerResponse, path, '', config);
}

const DYNAMIC = policy({
  paths: ['api/*', 'https://example.com/*/x*y'],
  allowed_origins: ['https://app.example.com', 'https://*.example.com', 'http://*:*'],
  allowed_origins_patterns: ['#^https://[a-z.]+\\.test$#'],
  allowed_headers: ['*'],
  allowed_methods: ['*'],
  supports_credentials: true,
});

/** Both answers CORS gives a request: the preflight's and the actual request's headers. */
function answers(cors: CorsPolicy, method: string, path: string, headers: Record<string, string>): unknown {
  const preflight = cors.answerPreflight(request('OPTIONS', path, { 'access-control-request-method': method, ...headers }));
  const actual: HeaderMap = {};
  cors.decorate(request(method, path, headers), actual);
  return [preflight?.headers, actual];
}

const ORIGINS: Record<string, (n: number) => string> = {
  'a host of dots': (n) => `https://a${'.'.repeat(n)}example.com`,
  stars: (n) => `https://${'*'.repeat(n)}.example.com`,
  colons: (n) => `http://a${':'.repeat(n)}1`,
  commas: (n) => `https://a${','.repeat(n)}.example.com`,
  'a near miss of the pattern': (n) => `https://${'a.'.repeat(n / 2)}test!`,
};

const linear = suite('cors: linear in what the client sends');

linear('an Origin, below the length cap and far above it', async () => {
  for (const [name, origin] of Object.entries(ORIGINS)) {
    for (const [n, what] of [
      [40, 'below the cap'],
      [10_000, 'above the cap'],
    ] as const) {
      await assertLinear(
        `the CORS answers to an Origin of ${name}, ${what}`,
        (size) => {
          const headers = { origin: origin(size) };
          return () => answers(DYNAMIC, 'GET', '/api/x', headers);
        },
        n,
      );
    }
  }
});

linear('Access-Control-Request-Headers and -Method, below the caps and far above them', async () => {
  const origin = 'https://app.example.com';
  const lists: Record<string, (n: number) => string> = {
    names: (n) => 'x-a, '.repeat(n / 5) + 'x-b',
    commas: (n) => `x-a${','.repeat(n)}x-b`,
    spaces: (n) => `x-a${' '.repeat(n)}x-b`,
    'a near miss': (n) => `${'x-a, '.repeat(n / 5)}é`,
  };
  for (const [name, list] of Object.entries(lists)) {
    for (const n of [800, 10_000]) {
      await assertLinear(
        `the preflight answer to Access-Control-Request-Headers of ${name} (${n})`,
        (size) => {
          const headers = { origin, 'access-control-request-headers': list(size) };
          return () => answers(DYNAMIC, 'PUT', '/api/x', headers);
        },
        n,
      );
    }
  }
  await assertLinear(
    'the preflight answer to a long Access-Control-Request-Method',
    (size) => {
      const method = 'A'.repeat(size);
      return () => answers(DYNAMIC, method, '/api/x', { origin });
    },
    10_000,
  );
});

linear('the path CORS matches (on the path and on the full URL)', async () => {
  const paths: Record<string, (n: number) => string> = {
    slashes: (n) => `/api${'/'.repeat(n)}x`,
    'percent escapes': (n) => `/api/${'%2F'.repeat(n / 3)}x`,
    'broken escapes': (n) => `/a/${'%e2%82'.repeat(n / 6)}x`,
    'near misses of the URL pattern': (n) => `/b/${'x/'.repeat(n / 2)}`,
  };
  for (const [name, path] of Object.entries(paths)) {
    await assertLinear(
      `the CORS answers on a path of ${name}`,
      (size) => {
        const sent = path(size);
        return () => answers(DYNAMIC, 'GET', sent, { origin: 'https://app.example.com' });
      },
      10_000,
    );
  }
  assert.ok(DYNAMIC.matchesPath(request('GET', '/api//x', {})));
});

linear.run();
