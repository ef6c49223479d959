import { LogicException } from './errors/logic-exception.js';
import { readSigningEnv } from './signing/keys.js';
import { DEFAULT_LIMITS } from './validation/limits.js';

/** Where the selector reads the action name from. */
export type ActionSource = 'query' | 'body' | 'both';

/** Receives errors that became a 500, so that nothing fails silently. */
export type ErrorReporter = (error: unknown) => void;

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
  /** Called with every unexpected error. Default: print it to stderr. */
  report?: ErrorReporter;
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
   * Honour X-Forwarded-Proto/-Host/-For from these peers: `true` (any peer),
   * a list of IP addresses, or `false` (default: the headers are ignored).
   */
  trust_proxy?: boolean | readonly string[];
  /** The key that signs URLs (the host framework's `APP_KEY`, used as written). Default: the `APP_KEY` environment variable. */
  app_key?: string;
  /** Keys that still verify URLs after a rotation. Default: `APP_PREVIOUS_KEYS`, comma-separated. */
  previous_keys?: readonly string[];
  /** `scheme://host[:port]` of absolute signed URLs. Default: `APP_URL`, else the request's own. */
  app_url?: string;
  /** Longest lifetime of a temporary signed URL, in seconds; 0 for no cap (the host's behaviour). Default 0. */
  signed_url_max_lifetime?: number;
  /** Most validation messages collected for one request; validation stops there and the 422 holds those. 0: no cap. Default 200. */
  max_validation_errors?: number;
  /** Most attributes one wildcard rule (`items.*.name`) expands to for one request (more: 400). 0: no cap. Default 10000. */
  max_wildcard_items?: number;
}

/** Options after validation, with every default filled in. */
export interface SwitchyardConfig {
  readonly action_key: string;
  readonly action_source: ActionSource;
  readonly body_limit: number;
  readonly api_prefix: string;
  readonly report: ErrorReporter;
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
  readonly trust_proxy: boolean | readonly string[];
  readonly app_key: string | undefined;
  readonly previous_keys: readonly string[];
  readonly app_url: string | undefined;
  readonly signed_url_max_lifetime: number;
  readonly max_validation_errors: number;
  readonly max_wildcard_items: number;
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
  return Object.freeze({
    action_key: key,
    action_source: source as ActionSource,
    body_limit: count(options, 'body_limit', 1024 * 1024),
    api_prefix: prefix.replace(/\/+$/, ''),
    report: options.report ?? reportToStderr,
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
    trust_proxy: trustProxy(options.trust_proxy),
    app_key: options.app_key ?? signingEnv.key,
    previous_keys: options.previous_keys ?? signingEnv.previousKeys,
    app_url: options.app_url ?? signingEnv.appUrl,
    signed_url_max_lifetime: count(options, 'signed_url_max_lifetime', 0),
    max_validation_errors: count(options, 'max_validation_errors', DEFAULT_LIMITS.max_validation_errors),
    max_wildcard_items: count(options, 'max_wildcard_items', DEFAULT_LIMITS.max_wildcard_items),
  });
}

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

function trustProxy(value: SwitchyardOptions['trust_proxy']): boolean | readonly string[] {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return Object.freeze([...value]);
  throw new LogicException(`Invalid trust_proxy ${describe(value)}: use true, false or a list of IP addresses.`);
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
