/**
 * Requests a client could send to make the request accessors slow: paths,
 * hosts, forwarded chains, headers, cookies, `Accept` values and query
 * strings of size n made of long runs of the characters the accessors' code
 * loops or matches on (slashes, dots, commas, semicolons, `=`, quotes, `%`,
 * brackets, digits, colons...), with the run inside the text, not only at
 * its ends. Each input comes with the accessors that read it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpRequest } from '../../../src/http/request.js';
import { resolveConfig, type SwitchyardOptions } from '../../../src/config.js';
import { HttpError } from '../../../src/errors/http-error.js';

/** `max_input_vars` far above the default, as an application that takes large forms sets it. */
const MANY_VARS: SwitchyardOptions = { max_input_vars: 10_000_000 };
const TRUSTED: SwitchyardOptions = { trust_proxy: true };

enum Suit {
  Hearts = 'H',
  Spades = 'S',
}
enum Level {
  Low = 1,
  High = 2,
}

export interface RequestInput {
  readonly path?: string;
  readonly query?: string;
  readonly headers?: Record<string, string>;
}

export type Accessor = (request: HttpRequest) => unknown;

/** One adversarial input, and the accessors that read it. */
export interface AdversarialCase {
  readonly what: string;
  /** The request's parts at size n. */
  readonly input: (n: number) => RequestInput;
  readonly config?: SwitchyardOptions;
  readonly accessors: Readonly<Record<string, Accessor>>;
}

/** `a` + `run` repeated to n characters + `b`: the run inside the text. */
const inside = (run: string, n: number, before = 'a', after = 'b') => before + run.repeat(Math.ceil(n / run.length)) + after;

const PATHS: Record<string, (n: number) => string> = {
  slashes: (n) => '/' + inside('/', n) + '/',
  'encoded slashes': (n) => '/' + inside('%2F', n),
  'broken UTF-8 escapes': (n) => '/' + inside('%e2%82', n),
  'slash-star runs': (n) => '/' + inside('*/', n),
};
const PATH_ACCESSORS: Record<string, Accessor> = {
  url: (r) => r.url(),
  fullUrl: (r) => r.fullUrl(),
  fullUrlWithQuery: (r) => r.fullUrlWithQuery({ page: 2 }),
  fullUrlWithoutQuery: (r) => r.fullUrlWithoutQuery(['page']),
  path: (r) => r.path(),
  decodedPath: (r) => r.decodedPath(),
  segments: (r) => r.segments(),
  segment: (r) => r.segment(2),
  is: (r) => r.is('a*b', 'a*/*b', '*:*', 'a*.*.*b', 'x*y*z'),
  fullUrlIs: (r) => r.fullUrlIs('http://*/a*b', 'http://*/x*y*z'),
  routeIs: (r) => r.routeIs('a.*'),
  fingerprint: (r) => r.fingerprint(),
  root: (r) => r.root(),
};

const HOSTS: Record<string, (n: number) => string> = {
  colons: (n) => inside(':', n) + ':80',
  digits: (n) => 'a:' + '1'.repeat(n) + 'x',
  brackets: (n) => '[' + inside(':', n, '1', '') + ']:8080',
};
const HOST_ACCESSORS: Record<string, Accessor> = {
  host: (r) => r.host(),
  httpHost: (r) => r.httpHost(),
  schemeAndHttpHost: (r) => r.schemeAndHttpHost(),
  root: (r) => r.root(),
  url: (r) => r.url(),
  fullUrl: (r) => r.fullUrl(),
};

const FORWARDED_FOR: Record<string, (n: number) => string> = {
  'trusted hops': (n) => '10.0.0.1, '.repeat(Math.ceil(n / 10)) + '10.0.0.2',
  commas: (n) => inside(',', n, '1.2.3.4', '5.6.7.8'),
  spaces: (n) => inside(' ', n, '1.2.3.4', ''),
};
const PROXY_ACCESSORS: Record<string, Accessor> = {
  ip: (r) => r.ip(),
  ips: (r) => r.ips(),
  host: (r) => r.host(),
  url: (r) => r.url(),
};

const HEADER_VALUES: Record<string, (n: number) => string> = {
  'bearer words': (n) => 'Bearer '.repeat(Math.ceil(n / 7)) + 'token',
  spaces: (n) => inside(' ', n, 'bearer', 'x'),
};
const HEADER_ACCESSORS: Record<string, Accessor> = {
  bearerToken: (r) => r.bearerToken(),
  header: (r) => [r.header('x_y'), r.header(), r.hasHeader('X_Y')],
  userAgent: (r) => r.userAgent(),
};

const COOKIES: Record<string, (n: number) => string> = {
  pairs: (n) => 'a=1; '.repeat(Math.ceil(n / 5)),
  semicolons: (n) => inside(';', n, 'a=1', 'b=2'),
  'broken escapes': (n) => 'a=' + inside('%zz%41', n),
  'distinct names': (n) => Array.from({ length: Math.ceil(n / 8) }, (_, i) => `c${i}=v`).join('; '),
};
const COOKIE_ACCESSORS: Record<string, Accessor> = {
  cookie: (r) => [r.cookie('a'), r.cookie()],
  hasCookie: (r) => r.hasCookie('zz'),
};

const MEDIA_TYPES: Record<string, (n: number) => string> = {
  'many types': (n) => 'text/html;q=0.5, '.repeat(Math.ceil(n / 17)) + 'application/json',
  'distinct types': (n) => Array.from({ length: Math.ceil(n / 12) }, (_, i) => `a/b${i};q=0.${i % 10}`).join(','),
  commas: (n) => inside(',', n, 'text/html', 'application/json'),
  spaces: (n) => inside(' ', n, 'text/', 'html'),
  semicolons: (n) => inside(';', n, 'text/html', 'q=1'),
  'many parameters': (n) => 'text/html' + ';a=b'.repeat(Math.ceil(n / 4)) + ';q=0.9',
  quotes: (n) => inside('"', n),
  'quoted commas': (n) => 'text/html;x="' + ',;'.repeat(Math.ceil(n / 2)) + '"',
  'escaped quotes': (n) => 'text/html;x="' + '\\"'.repeat(Math.ceil(n / 2)) + '"',
  'equals signs': (n) => 'text/html;q' + '='.repeat(n) + '1',
  slashes: (n) => inside('/', n, 'application', '+json'),
  'plus signs': (n) => inside('+', n, 'application/', 'json'),
  'json words': (n) => 'application/' + '/json+json'.repeat(Math.ceil(n / 10)),
  digits: (n) => 'text/html;q=0.' + '9'.repeat(n),
};
const ACCEPT_ACCESSORS: Record<string, Accessor> = {
  getAcceptableContentTypes: (r) => r.getAcceptableContentTypes(),
  accepts: (r) => r.accepts(['application/json', 'text/*', 'application/vnd.api+json']),
  prefers: (r) => r.prefers(['json', 'html', 'application/vnd.api+json']),
  acceptsJson: (r) => r.acceptsJson(),
  acceptsHtml: (r) => r.acceptsHtml(),
  expectsJson: (r) => r.expectsJson(),
  wantsJson: (r) => r.wantsJson(),
  format: (r) => r.format(),
  acceptsAnyContentType: (r) => r.acceptsAnyContentType(),
  isJson: (r) => r.isJson(),
  getFormat: (r) => r.getFormat(r.header('content-type')!),
};

const QUERIES: Record<string, (n: number) => string> = {
  pairs: (n) => 'a=1&'.repeat(Math.ceil(n / 4)),
  'distinct names': (n) => Array.from({ length: Math.ceil(n / 8) }, (_, i) => `k${i}=v`).join('&'),
  'numeric names, in descending order': (n) => Array.from({ length: Math.ceil(n / 8) }, (_, i) => `${n - i}=v`).join('&'),
  'names without values, one = at the end': (n) => 'a&'.repeat(Math.ceil(n / 2)) + 'b=1',
  'list items': (n) => 'a[]=1&'.repeat(Math.ceil(n / 6)),
  'nested list items': (n) => 'a[b][]=1&'.repeat(Math.ceil(n / 9)),
  'open brackets': (n) => 'a' + '['.repeat(n) + ']=1',
  'percent escapes': (n) => 'a=' + inside('%25', n),
  'digit runs with a dot': (n) => 'a=' + '1'.repeat(n) + '.' + '1'.repeat(n) + 'x',
  'inner spaces': (n) => 'a=' + inside('%20', n, '1', '1'),
  'date words': (n) => 'a=' + '+1%20day%20'.repeat(Math.ceil(n / 11)),
};
const QUERY_ACCESSORS: Record<string, Accessor> = {
  query: (r) => [r.query(), r.query('a')],
  input: (r) => [r.input('a'), r.input('a.b.c'), r.input('a.*.b')],
  all: (r) => [r.all(), r.all('a', 'b.c')],
  keys: (r) => r.keys(),
  only: (r) => r.only('a', 'b.c'),
  except: (r) => r.except('a', 'b.c'),
  has: (r) => [r.has('a'), r.has('a.b'), r.hasAny('x', 'a.0')],
  filled: (r) => [r.filled('a'), r.isNotFilled('a'), r.anyFilled('x', 'a')],
  boolean: (r) => r.boolean('a'),
  integer: (r) => r.integer('a'),
  float: (r) => r.float('a'),
  string: (r) => [r.string('a'), r.str('a')],
  date: (r) => r.date('a'),
  'date with a format': (r) => r.date('a', 'h:i A'),
  enum: (r) => [r.enum('a', Suit), r.enum('a', Level), r.enums('a', Level)],
  collect: (r) => [r.collect('a'), r.array(['a', 'b'])],
  fullUrl: (r) => r.fullUrl(),
  fullUrlWithQuery: (r) => r.fullUrlWithQuery({ page: 2, 'a[]': 1 }),
  fullUrlWithoutQuery: (r) => r.fullUrlWithoutQuery(['a', 'b.c']),
  get: (r) => r.get('a'),
};

/** Queries past `max_input_vars` under the default limits: refused (400) in linear time too. */
const DEFAULT_LIMIT_QUERIES: Record<string, (n: number) => string> = {
  pairs: QUERIES['pairs']!,
  'list items': QUERIES['list items']!,
  'names without values, one = at the end': QUERIES['names without values, one = at the end']!,
};

function cases(
  kind: string,
  values: Record<string, (n: number) => string>,
  input: (value: string) => RequestInput,
  accessors: Record<string, Accessor>,
  config?: SwitchyardOptions,
): AdversarialCase[] {
  return Object.entries(values).map(([name, value]) => ({ what: `${kind} of ${name}`, input: (n) => input(value(n)), config, accessors }));
}

export const ADVERSARIAL_CASES: readonly AdversarialCase[] = [
  ...cases('a path', PATHS, (path) => ({ path, query: 'page=1' }), PATH_ACCESSORS),
  ...cases('a Host', HOSTS, (host) => ({ path: '/x', headers: { host } }), HOST_ACCESSORS),
  ...cases(
    'an X-Forwarded-For from a trusted proxy',
    FORWARDED_FOR,
    (chain) => ({ path: '/x', headers: { 'x-forwarded-for': chain, 'x-forwarded-host': chain, 'x-forwarded-port': chain } }),
    PROXY_ACCESSORS,
    TRUSTED,
  ),
  ...cases(
    'a header',
    HEADER_VALUES,
    (value) => ({ headers: { authorization: value, 'user-agent': value, x_y: value } }),
    HEADER_ACCESSORS,
  ),
  ...cases('a Cookie', COOKIES, (cookie) => ({ headers: { cookie } }), COOKIE_ACCESSORS),
  ...cases(
    'an Accept and a Content-Type',
    MEDIA_TYPES,
    (type) => ({ headers: { accept: type, 'content-type': type, 'x-requested-with': 'XMLHttpRequest' } }),
    ACCEPT_ACCESSORS,
  ),
  ...cases('a query', QUERIES, (query) => ({ path: '/x', query }), QUERY_ACCESSORS, MANY_VARS),
  ...cases('a query under the default limits', DEFAULT_LIMIT_QUERIES, (query) => ({ path: '/x', query }), {
    query: QUERY_ACCESSORS.query!,
  }),
];

/** A fresh request on each call (the accessors keep their answers), built as the kernel builds it. */
export function requestsFor(input: RequestInput, options?: SwitchyardOptions): () => HttpRequest {
  const config = resolveConfig(options);
  const headers = { host: 'example.com', ...input.headers };
  const raw = { method: 'GET', headers, socket: { encrypted: false, remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const path = input.path ?? '/';
  const query = input.query ?? '';
  return () => new HttpRequest(raw, {} as ServerResponse, path, query, config);
}

/** The accessor's answer, or the status of the 4xx it refused the input with (anything else thrown is thrown). */
export function answer(accessor: Accessor, request: HttpRequest): unknown {
  try {
    return accessor(request);
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500) return error.status;
    throw error;
  }
}
