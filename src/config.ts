import type { Logger, LoggerOptions } from 'pino';
import { LogicException } from './errors/logic-exception.js';
import { FORWARDED_HEADERS, TrustedProxies, type ForwardedHeader, type TrustProxy } from './config/trusted-proxies.js';
import { resolveCorsOptions, type CorsConfig, type CorsOptions } from './config/cors-options.js';
import {
  resolveConvertEmptyStrings,
  resolveTrimStrings,
  type ConvertEmptyStringsConfig,
  type ConvertEmptyStringsOptions,
  type TrimStringsConfig,
  type TrimStringsOptions,
} from './config/input-normalisation.js';
import { refuseUnknownOptions } from './config/unknown-options.js';
import {
  resolveHealthChecks,
  type HealthCheckDefinition,
  type HealthCheckFunction,
  type ResolvedHealthCheck,
} from './config/health-checks.js';

/** Where the selector reads the action name from. */
export type ActionSource = 'query' | 'body' | 'both';

/** Where rate-limit counters live: this process's memory, or a Redis shared by every process. */
export type RateLimitStoreName = 'memory' | 'redis';

/** Receives errors that became a 500, so that nothing fails silently. */
export type ErrorReporter = (error: unknown) => void;

/**
 * Request logging: `false` (default: off, no cost), `true` (pino to stdout at
 * `LOG_LEVEL`, default `info`), pino options (their `level` wins over
 * `LOG_LEVEL`), or a pino logger of your own (used as it is).
 */
export type LoggerSetting = boolean | LoggerOptions | Logger;

/** The `info` of the generated OpenAPI document: OpenAPI's Info Object (see docs/openapi.md). */
export interface OpenApiInfo {
  title: string;
  version: string;
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; identifier?: string; url?: string };
}

/** The `info` when the `openapi_info` option gives none. */
export const DEFAULT_OPENAPI_INFO: OpenApiInfo = Object.freeze({ title: 'API', version: '1.0.0' });

/** The options an application accepts. Every key is optional. */
export interface SwitchyardOptions {
  /** Input name holding the action name. Default `action`. */
  action_key?: string;
  /** Where the action name is read: `query` (default), `body` or `both`. */
  action_source?: ActionSource;
  /** Largest accepted request body, in bytes. Default 1 MiB. */
  body_limit?: number;
  /** Prefix of the routes loaded as API routes. Default `/api`. */
  api_prefix?: string;
  /** Called with every unexpected error. Default: print it to stderr, or log it when `logger` is on. */
  report?: ErrorReporter;
  /** Structured request logging with pino (see docs/deployment.md, Logging). Default `false`. */
  logger?: LoggerSetting;
  /**
   * Bytes of log lines kept while stdout does not take them (`logger: true`; a stalled log reader):
   * lines past it are dropped and counted, never waited for. Default 1 MiB.
   */
  log_buffer_size?: number;
  /** Largest uploaded file in a multipart body, in bytes (larger: 413). Default 1 MiB. */
  max_file_size?: number;
  /** Most files in a multipart body (more: 413). Default 20. */
  max_files?: number;
  /** Longest accepted query string, in characters (longer: 414). Default 8192. */
  max_query_length?: number;
  /** Most input parameters in a query string or form body (more: 400). Default 1000, as PHP's max_input_vars. */
  max_input_vars?: number;
  /** Deepest nesting of brackets or JSON containers (deeper: 400). Default 64, as PHP's max_input_nesting_level. */
  max_input_nesting?: number;
  /** Largest request head, in bytes (larger: 431, from node:http). Default 16384. */
  max_header_size?: number;
  /** Time allowed to receive the request head, ms (slow clients are cut off). Default 10000. */
  headers_timeout?: number;
  /** Time allowed to receive the whole request, ms. Default 30000. */
  request_timeout?: number;
  /** How long an idle keep-alive connection stays open, ms. Default 5000. */
  keep_alive_timeout?: number;
  /** Time a handler may run before the client gets a 503 and `request.signal` aborts, ms; 0 turns it off. Default 0. */
  handler_timeout?: number;
  /** On close(), time given to in-flight requests before connections are cut, ms. Default 10000. */
  shutdown_timeout?: number;
  /**
   * Honour X-Forwarded-For/-Host/-Port/-Proto from these peers: `false`
   * (default: the headers are ignored), `true` (any peer), `'*'` (the direct
   * peer, whoever it is), or a list (or comma-separated string) of IP
   * addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). See docs/deployment.md.
   */
  trust_proxy?: TrustProxy;
  /** Which forwarded headers trusted proxies may set. Default: all four (`x-forwarded-for`, `-host`, `-port`, `-proto`). */
  trust_proxy_headers?: readonly ForwardedHeader[];
  /** CORS, as the host framework's `config/cors.php` (on by default for `api/*`); `false` turns it off. See docs/cors.md. */
  cors?: CorsOptions | false;
  /** Path of a health check answered before routing (e.g. `'/up'`): 200 `{"status":"up"}`, 503 while closing. Default: none. */
  health?: string;
  /**
   * Dependencies `/up` checks (needs `health`): a function per name, or
   * `{ check, timeout }` (ms; default 2000). `/up` answers 503 naming a check
   * that throws, rejects, answers `false` or passes its deadline. See docs/deployment.md.
   */
  health_checks?: Record<string, HealthCheckFunction | HealthCheckDefinition>;
  /** The checks run at most once per this many ms, whatever the request rate. Default 5000. */
  health_check_interval?: number;
  /** Past this event-loop delay (ms), new requests get 503 with `Retry-After` while `/up` answers; 0: off. Default 0. */
  max_event_loop_delay?: number;
  /** The key that signs URLs (the host framework's `APP_KEY`, used as written). Default: the `APP_KEY` environment variable. */
  app_key?: string;
  /** Keys that still verify URLs after a rotation. Default: `APP_PREVIOUS_KEYS`, comma-separated. */
  previous_keys?: readonly string[];
  /** `scheme://host[:port]` of absolute signed URLs. Default: `APP_URL`, else the request's own. */
  app_url?: string;
  /** Longest lifetime of a temporary signed URL, in seconds; 0 for no cap (the host's behaviour). Default 0. */
  signed_url_max_lifetime?: number;
  /** Where `throttle` counts: `memory` (default; one process) or `redis` (shared by every process and machine). */
  rate_limit_store?: RateLimitStoreName;
  /** The Redis of the `redis` store: `redis://[[user]:password@]host[:port][/db]` or `rediss://...`. Default `redis://127.0.0.1:6379`. */
  rate_limit_redis_url?: string;
  /** Prefix of the rate-limit keys in Redis. Default `switchyard:rate-limit:`. */
  rate_limit_redis_prefix?: string;
  /** Longest wait for one Redis call, ms; past it the store has failed for that request. Default 100. */
  rate_limit_timeout?: number;
  /** When the store fails: `open` (default) lets the request through uncounted, `closed` answers 503. */
  rate_limit_on_failure?: 'open' | 'closed';
  /** Precognition predictions: `skip` (default) lets them through uncounted, `count` counts them. */
  rate_limit_predictions?: 'skip' | 'count';
  /** Most windows the memory store keeps (past it the oldest are forgotten). Default 1000000. */
  rate_limit_max_keys?: number;
  /** Most validation messages collected for one request; validation stops there and the 422 holds those. 0: no cap. Default 200. */
  max_validation_errors?: number;
  /** Most attributes one wildcard rule (`items.*.name`) expands to for one request (more: 400). 0: no cap. Default 10000. */
  max_wildcard_items?: number;
  /** Most distinct hosts `active_url` and `email:dns` look up for one request; the others fail as hosts without records. 0: no cap. Default 100. */
  max_dns_lookups?: number;
  /** Serve the generated OpenAPI document at this path (e.g. `'/api/openapi.json'`); `false` serves nothing. Default `false`. */
  openapi?: string | false;
  /** The `info` of the generated OpenAPI document (title, version...). Default `{ title: 'API', version: '1.0.0' }`. */
  openapi_info?: OpenApiInfo;
  /**
   * Trim every input string after the action is selected, as the host
   * framework's `TrimStrings` middleware: `true` (default), `false`, or
   * `{ except: [...], skip_when: [...] }`. `password`, `password_confirmation`
   * and `current_password` are never trimmed. See docs/form-requests.md.
   */
  trim_strings?: boolean | TrimStringsOptions;
  /** Turn `''` into `null` after trimming, as `ConvertEmptyStringsToNull`: `true` (default), `false`, or `{ skip_when: [...] }`. */
  convert_empty_strings_to_null?: boolean | ConvertEmptyStringsOptions;
}

/** Options after validation, with every default filled in. */
export interface SwitchyardConfig {
  readonly action_key: string;
  readonly action_source: ActionSource;
  readonly body_limit: number;
  readonly api_prefix: string;
  readonly report: ErrorReporter;
  readonly logger: LoggerSetting;
  readonly log_buffer_size: number;
  readonly max_file_size: number;
  readonly max_files: number;
  readonly max_query_length: number;
  readonly max_input_vars: number;
  readonly max_input_nesting: number;
  readonly max_header_size: number;
  readonly headers_timeout: number;
  readonly request_timeout: number;
  readonly keep_alive_timeout: number;
  readonly handler_timeout: number;
  readonly shutdown_timeout: number;
  readonly trust_proxy: TrustProxy;
  readonly trust_proxy_headers: readonly ForwardedHeader[];
  /** `trust_proxy` compiled once: what the request reads its scheme, host and client address with. */
  readonly trusted_proxies: TrustedProxies;
  readonly cors: CorsConfig | false;
  readonly health: string | undefined;
  readonly health_checks: ReadonlyMap<string, ResolvedHealthCheck> | undefined;
  readonly health_check_interval: number;
  readonly max_event_loop_delay: number;
  readonly app_key: string | undefined;
  readonly previous_keys: readonly string[];
  readonly app_url: string | undefined;
  readonly signed_url_max_lifetime: number;
  readonly rate_limit_store: RateLimitStoreName;
  readonly rate_limit_redis_url: string;
  readonly rate_limit_redis_prefix: string;
  readonly rate_limit_timeout: number;
  readonly rate_limit_on_failure: 'open' | 'closed';
  readonly rate_limit_predictions: 'skip' | 'count';
  readonly rate_limit_max_keys: number;
  readonly max_validation_errors: number;
  readonly max_wildcard_items: number;
  readonly max_dns_lookups: number;
  readonly openapi: string | false;
  readonly openapi_info: OpenApiInfo;
  readonly trim_strings: TrimStringsConfig | false;
  readonly convert_empty_strings_to_null: ConvertEmptyStringsConfig | false;
}

const ACTION_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SOURCES: readonly string[] = ['query', 'body', 'both'];

const reportToStderr: ErrorReporter = (error) => {
  process.stderr.write(`[switchyard] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
};

/**
 * Validates the options and fills in defaults. Invalid values throw a
 * `LogicException` naming the key and the value, at boot.
 */
export function resolveConfig(options: SwitchyardOptions = {}): SwitchyardConfig {
  const key = options.action_key ?? 'action';
  if (typeof key !== 'string' || !ACTION_KEY.test(key)) {
    throw new LogicException(
      `Invalid action_key ${describe(key)}: it must start with an ASCII letter or underscore ` +
        'and contain only ASCII letters, digits and underscores.',
    );
  }
  const source = options.action_source ?? 'query';
  if (typeof source !== 'string' || !SOURCES.includes(source)) {
    throw new LogicException(`Invalid action_source ${describe(source)}: allowed values are "query", "body" and "both".`);
  }
  const prefix = options.api_prefix ?? '/api';
  if (typeof prefix !== 'string' || (prefix !== '' && !prefix.startsWith('/'))) {
    throw new LogicException(`Invalid api_prefix ${describe(prefix)}: it must be empty or start with "/".`);
  }
  const signingEnv = readSigningEnv();
  const trust = trustProxy(options.trust_proxy);
  const trustHeaders = trustProxyHeaders(options.trust_proxy_headers);
  const config: SwitchyardConfig = Object.freeze({
    action_key: key,
    action_source: source as ActionSource,
    body_limit: count(options, 'body_limit', 1024 * 1024),
    api_prefix: prefix.replace(/\/+$/, ''),
    report: options.report ?? reportToStderr,
    logger: loggerSetting(options.logger),
    log_buffer_size: count(options, 'log_buffer_size', 1024 * 1024),
    max_file_size: count(options, 'max_file_size', 1024 * 1024),
    max_files: count(options, 'max_files', 20),
    max_query_length: count(options, 'max_query_length', 8192),
    max_input_vars: count(options, 'max_input_vars', 1000),
    max_input_nesting: count(options, 'max_input_nesting', 64),
    max_header_size: count(options, 'max_header_size', 16384),
    headers_timeout: count(options, 'headers_timeout', 10_000),
    request_timeout: count(options, 'request_timeout', 30_000),
    keep_alive_timeout: count(options, 'keep_alive_timeout', 5_000),
    handler_timeout: count(options, 'handler_timeout', 0),
    shutdown_timeout: count(options, 'shutdown_timeout', 10_000),
    trust_proxy: trust,
    trust_proxy_headers: trustHeaders,
    trusted_proxies: trustedProxies(trust, trustHeaders),
    cors: resolveCorsOptions(options.cors),
    health: healthPath(options.health),
    health_checks: resolveHealthChecks(options.health_checks, options.health),
    health_check_interval: count(options, 'health_check_interval', 5_000),
    max_event_loop_delay: count(options, 'max_event_loop_delay', 0),
    app_key: options.app_key ?? signingEnv.key,
    previous_keys: options.previous_keys ?? signingEnv.previousKeys,
    app_url: options.app_url ?? signingEnv.appUrl,
    signed_url_max_lifetime: count(options, 'signed_url_max_lifetime', 0),
    rate_limit_store: oneOf(options, 'rate_limit_store', ['memory', 'redis'] as const),
    rate_limit_redis_url: redisUrl(options.rate_limit_redis_url),
    rate_limit_redis_prefix: text(options, 'rate_limit_redis_prefix', 'switchyard:rate-limit:'),
    rate_limit_timeout: positive(options, 'rate_limit_timeout', 100),
    rate_limit_on_failure: oneOf(options, 'rate_limit_on_failure', ['open', 'closed'] as const),
    rate_limit_predictions: oneOf(options, 'rate_limit_predictions', ['skip', 'count'] as const),
    rate_limit_max_keys: positive(options, 'rate_limit_max_keys', 1_000_000),
    max_validation_errors: count(options, 'max_validation_errors', 200),
    max_wildcard_items: count(options, 'max_wildcard_items', 10_000),
    max_dns_lookups: count(options, 'max_dns_lookups', 100),
    openapi: openapiPath(options.openapi),
    openapi_info: openapiInfo(options.openapi_info),
    trim_strings: resolveTrimStrings(options.trim_strings),
    convert_empty_strings_to_null: resolveConvertEmptyStrings(options.convert_empty_strings_to_null),
  });
  // The options are the resolved configuration's keys, so a new option is known as soon as it is resolved.
  refuseUnknownOptions(
    options,
    Object.keys(config).filter((k) => !DERIVED_KEYS.has(k)),
  );
  return config;
}

/** Keys of the resolved configuration that are computed from options, not options themselves. */
const DERIVED_KEYS: ReadonlySet<string> = new Set(['trusted_proxies']);

type CountKey = {
  [K in keyof SwitchyardOptions]-?: NonNullable<SwitchyardOptions[K]> extends number ? K : never;
}[keyof SwitchyardOptions];

/** A whole number ≥ 0, or the default. */
function count(options: SwitchyardOptions, key: CountKey, fallback: number): number {
  const value = options[key] ?? fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new LogicException(`Invalid ${key} ${describe(value)}: it must be a whole number ≥ 0.`);
  }
  return value;
}

/** One of `allowed`; the first is the default. */
function oneOf<K extends keyof SwitchyardOptions, V extends string>(options: SwitchyardOptions, key: K, allowed: readonly [V, ...V[]]): V {
  const value = options[key] ?? allowed[0];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new LogicException(`Invalid ${key} ${describe(value)}: allowed values are ${allowed.map((v) => `"${v}"`).join(', ')}.`);
  }
  return value as V;
}

/** A whole number ≥ 1, or the default. */
function positive(options: SwitchyardOptions, key: CountKey, fallback: number): number {
  const value = count(options, key, fallback);
  if (value < 1) throw new LogicException(`Invalid ${key} ${describe(value)}: it must be a whole number ≥ 1.`);
  return value;
}

function text(options: SwitchyardOptions, key: 'rate_limit_redis_prefix', fallback: string): string {
  const value = options[key] ?? fallback;
  if (typeof value !== 'string') throw new LogicException(`Invalid ${key} ${describe(value)}: it must be a string.`);
  return value;
}

function redisUrl(value: unknown): string {
  if (value === undefined) return 'redis://127.0.0.1:6379';
  if (typeof value !== 'string' || !/^rediss?:\/\/[^\s]*$/.test(value)) {
    // The value is not repeated: it may hold a password.
    throw new LogicException('Invalid rate_limit_redis_url: use redis://[[user]:password@]host[:port][/db] (or rediss:// for TLS).');
  }
  return value;
}

function trustProxy(value: SwitchyardOptions['trust_proxy']): TrustProxy {
  if (value === undefined) return false;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return Object.freeze([...value]);
  throw new LogicException(`Invalid trust_proxy ${describe(value)}: use true, false, '*' or a list of IP addresses and ranges.`);
}

function trustProxyHeaders(value: SwitchyardOptions['trust_proxy_headers']): readonly ForwardedHeader[] {
  if (value === undefined) return FORWARDED_HEADERS;
  if (Array.isArray(value) && value.every((v) => FORWARDED_HEADERS.includes(v))) return Object.freeze([...value]);
  throw new LogicException(`Invalid trust_proxy_headers ${describe(value)}: use a list of ${FORWARDED_HEADERS.join(', ')}.`);
}

/** Compiles the trusted addresses and ranges; an entry that is neither is a LogicException at boot. */
function trustedProxies(trust: TrustProxy, headers: readonly ForwardedHeader[]): TrustedProxies {
  try {
    return new TrustedProxies(trust, headers);
  } catch (error) {
    throw new LogicException(`Invalid trust_proxy ${describe(trust)}: ${(error as Error).message}.`);
  }
}

/** An absolute path without query, fragment or whitespace, e.g. `/up`. */
function healthPath(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\/[^?#\s]*$/.test(value) || (value.length > 1 && value.endsWith('/'))) {
    throw new LogicException(`Invalid health ${describe(value)}: use a path such as "/up" (no query, no trailing slash).`);
  }
  return value;
}

/** `false`, or an absolute path without query, fragment or whitespace, e.g. `/api/openapi.json`. */
function openapiPath(value: unknown): string | false {
  if (value === undefined || value === false) return false;
  if (typeof value !== 'string' || !/^\/[^?#\s]*$/.test(value) || (value.length > 1 && value.endsWith('/'))) {
    throw new LogicException(
      `Invalid openapi ${describe(value)}: use false or a path such as "/api/openapi.json" (no query, no trailing slash).`,
    );
  }
  return value;
}

function openapiInfo(value: unknown): OpenApiInfo {
  if (value === undefined) return DEFAULT_OPENAPI_INFO;
  const info = value as Partial<OpenApiInfo> | null;
  if (typeof info !== 'object' || info === null || typeof info.title !== 'string' || typeof info.version !== 'string') {
    throw new LogicException(`Invalid openapi_info ${describe(value)}: give at least { title: '...', version: '...' }.`);
  }
  return info as OpenApiInfo;
}

function loggerSetting(value: SwitchyardOptions['logger']): LoggerSetting {
  if (value === undefined) return false;
  if (typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return value;
  throw new LogicException(`Invalid logger ${describe(value)}: use true, false, pino options or a pino logger.`);
}

/** A value for an error message; never throws (JSON.stringify does on a BigInt). */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * `APP_KEY`, `APP_PREVIOUS_KEYS` (split on `,`, empty entries dropped) and
 * `APP_URL` as they are, empty values as absent. Never throws: the
 * configuration reads it at boot, before it knows whether any route is signed.
 */
export function readSigningEnv(env: Record<string, string | undefined> = process.env): {
  key?: string;
  previousKeys: string[];
  appUrl?: string;
} {
  const key = env['APP_KEY'] || undefined;
  const appUrl = env['APP_URL'] || undefined;
  const previousKeys = (env['APP_PREVIOUS_KEYS'] ?? '').split(',').filter((k) => k !== '');
  return { ...(key === undefined ? {} : { key }), previousKeys, ...(appUrl === undefined ? {} : { appUrl }) };
}
