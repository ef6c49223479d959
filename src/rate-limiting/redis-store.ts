/**
 * Rate-limit counters in Redis, shared by every process and machine that
 * uses the same Redis: one atomic Lua script per hit (one round trip), each
 * call bounded by a timeout, nothing queued while Redis is unreachable.
 */
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import { RateLimitStoreError, type RateLimitHit, type RateLimitStore, type RateLimitWindow } from './store.js';
import { within } from '../awaitable.js';

export interface RedisStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` (or `rediss://`), when no `client` is given. Default `redis://127.0.0.1:6379`. */
  url?: string;
  /**
   * An ioredis client of your own (Sentinel, Cluster, TLS...). You close it.
   * Give it `enableOfflineQueue: false` so that nothing waits for a Redis
   * that is down; the store's own timeout bounds each call either way.
   */
  client?: Redis;
  /** Longest wait for one call, in ms; past it the call fails with `RateLimitStoreError`. Default 100. */
  timeout?: number;
  /** Prefix of every key in Redis. Default `switchyard:rate-limit:`. */
  prefix?: string;
  /** Told when the store stops answering: once per outage, not once per request. */
  report?: (error: unknown) => void;
  /** Most calls waiting for Redis at once; more fail at once (a stalled Redis cannot pile calls up). Default 1000. */
  maxPending?: number;
}

// KEYS[1] counter; ARGV[1] window ms, ARGV[2] cap (-1: none), ARGV[3] amount. Returns {attempts, ms left, counted}.
// A new window ends ARGV[1] ms after the start of Redis's current second (Laravel's `time() + decay`), on the
// clock of the one Redis every process shares.
const HIT = `
local ttl = redis.call('PTTL', KEYS[1])
local cap = tonumber(ARGV[2])
local amount = tonumber(ARGV[3])
if ttl <= 0 then
  local time = redis.call('TIME')
  local left = tonumber(ARGV[1]) - math.floor(tonumber(time[2]) / 1000)
  if left < 1 then left = 1 end
  if cap >= 0 and amount > cap then return {0, left, 0} end
  redis.call('SET', KEYS[1], amount, 'PX', left)
  return {amount, left, 1}
end
local count = tonumber(redis.call('GET', KEYS[1])) or 0
if cap >= 0 and count + amount > cap then return {count, ttl, 0} end
return {redis.call('INCRBY', KEYS[1], amount), ttl, 1}
`;
// Returns {attempts, ms left}, or nil without a live window.
const GET = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return nil end
return {tonumber(redis.call('GET', KEYS[1])) or 0, ttl}
`;
// Count to zero, window kept.
const RESET = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('SET', KEYS[1], 0, 'PX', ttl) end
return 1
`;

/** The client with the store's scripts defined on it (EVALSHA, falling back to EVAL after a script flush). */
interface ScriptedClient extends Redis {
  switchyardRateLimitHit(key: string, windowMs: number, cap: number, amount: number): Promise<[number, number, number]>;
  switchyardRateLimitGet(key: string): Promise<[number, number] | null>;
  switchyardRateLimitReset(key: string): Promise<number>;
}

type IoRedis = new (url: string, options: RedisOptions) => Redis;

/** ioredis, loaded on first use, so applications on the memory store never load it. */
function loadIoRedis(): IoRedis {
  const load = createRequire(import.meta.url);
  return (load('ioredis') as { Redis: IoRedis }).Redis;
}

/**
 * A `RateLimitStore` on Redis. Each hit is one Lua script, so counting and
 * the window's expiry happen atomically however many processes share the
 * Redis. Failures never hang a request: a call not answered within `timeout`
 * rejects with `RateLimitStoreError`, a call while disconnected rejects at
 * once (no offline queue), and the client reconnects in the background.
 */
export class RedisStore implements RateLimitStore {
  readonly #client: ScriptedClient;
  readonly #owned: boolean;
  readonly #timeout: number;
  readonly #prefix: string;
  readonly #maxPending: number;
  readonly #report: (error: unknown) => void;
  #pending = 0;
  #healthy = true;
  #everReady: boolean;
  #connectFailed = false;
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: RedisStoreOptions = {}) {
    this.#timeout = options.timeout ?? 100;
    this.#prefix = options.prefix ?? 'switchyard:rate-limit:';
    this.#maxPending = options.maxPending ?? 1000;
    this.#report = options.report ?? (() => undefined);
    this.#owned = options.client === undefined;
    const client = options.client ?? this.#connect(options.url ?? 'redis://127.0.0.1:6379');
    client.defineCommand('switchyardRateLimitHit', { numberOfKeys: 1, lua: HIT });
    client.defineCommand('switchyardRateLimitGet', { numberOfKeys: 1, lua: GET });
    client.defineCommand('switchyardRateLimitReset', { numberOfKeys: 1, lua: RESET });
    this.#client = client as ScriptedClient;
    this.#everReady = client.status === 'ready';
    client.on('ready', () => {
      this.#everReady = true;
      this.#healthy = true;
    });
  }

  /** The ioredis client (for health checks or your own commands). */
  get client(): Redis {
    return this.#client;
  }

  /** A client that never queues: no offline queue, no resending after a reconnect, dead sockets dropped. */
  #connect(url: string): Redis {
    const patience = Math.max(1000, 10 * this.#timeout);
    const IoRedisClient = loadIoRedis();
    const client = new IoRedisClient(url, {
      enableOfflineQueue: false, // disconnected: fail now, never queue
      maxRetriesPerRequest: 0, // a lost connection fails its pending calls instead of resending them
      autoResendUnfulfilledCommands: false, // never count an attempt twice
      connectTimeout: patience,
      socketTimeout: patience, // a stalled Redis (paused, overloaded) is dropped and reconnected
      retryStrategy: (times: number) => Math.min(times * 100, 2000),
      protocol: 2, // RESP2: every Redis version
      disableClientInfo: true,
      connectionName: 'switchyard-rate-limit',
    });
    // ioredis emits 'error' on every failed connection attempt: report the outage once, never crash.
    client.on('error', (error: unknown) => {
      this.#connectFailed = true;
      this.#failure(error);
    });
    client.on('close', () => {
      this.#connectFailed = true;
    });
    return client;
  }

  hit(key: string, decaySeconds: number, maxAttempts: number, amount = 1): Promise<RateLimitHit> {
    const windowMs = Math.max(1, Math.ceil(decaySeconds * 1000));
    const cap = Number.isFinite(maxAttempts) ? Math.max(-1, Math.floor(maxAttempts)) : -1;
    return this.#call(() => this.#client.switchyardRateLimitHit(this.#prefix + key, windowMs, cap < 0 ? -1 : cap, amount)).then(
      ([attempts, left, counted]) => ({ attempts, resetAt: Date.now() + left, counted: counted === 1 }),
    );
  }

  get(key: string): Promise<RateLimitWindow | undefined> {
    return this.#call(() => this.#client.switchyardRateLimitGet(this.#prefix + key)).then((reply) =>
      reply === null ? undefined : { attempts: reply[0], resetAt: Date.now() + reply[1] },
    );
  }

  reset(key: string): Promise<void> {
    return this.#call(() => this.#client.switchyardRateLimitReset(this.#prefix + key)).then(() => undefined);
  }

  clear(key: string): Promise<void> {
    return this.#call(() => this.#client.del(this.#prefix + key)).then(() => undefined);
  }

  /** Closes the connection the store opened (a client you gave it stays open). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (!this.#owned) return;
    const client = this.#client;
    try {
      await within(client.quit(), this.#timeout, timedOut);
    } catch {
      // Not connected, or no answer in time: drop the connection.
    }
    client.disconnect();
  }

  /** Runs one command within the timeout; fails at once while disconnected or when too many calls wait. */
  #call<T>(command: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new RateLimitStoreError('The Redis rate-limit store is closed.'));
    const status = this.#client.status;
    if (status !== 'ready') {
      // Only the first connection is waited for (briefly): later, a Redis that is away fails fast.
      if (!this.#everReady && !this.#connectFailed && (status === 'wait' || status === 'connecting' || status === 'connect')) {
        return within((this.#ready ??= this.#whenReady()), this.#timeout, timedOut).then(
          () => this.#call(command),
          () => Promise.reject(this.#failure(new RateLimitStoreError(`Redis did not connect within ${this.#timeout} ms.`))),
        );
      }
      return Promise.reject(this.#failure(new RateLimitStoreError(`Redis is not connected (${status}).`)));
    }
    if (this.#pending >= this.#maxPending) {
      return Promise.reject(this.#failure(new RateLimitStoreError(`${this.#pending} Redis calls are already waiting.`)));
    }
    this.#pending++;
    const sent = command();
    const settle = () => {
      this.#pending--;
    };
    sent.then(settle, settle);
    return within(sent, this.#timeout, timedOut).then(
      (value) => {
        this.#healthy = true;
        return value;
      },
      (error: unknown) => {
        const message =
          error instanceof TimeoutError ? `Redis did not answer within ${this.#timeout} ms.` : `Redis failed: ${describe(error)}`;
        return Promise.reject(this.#failure(new RateLimitStoreError(message, { cause: error })));
      },
    );
  }

  #whenReady(): Promise<void> {
    return new Promise((resolve) => this.#client.once('ready', () => resolve()));
  }

  /** Reports the first failure of an outage. */
  #failure<E>(error: E): E {
    if (this.#healthy) {
      this.#healthy = false;
      try {
        this.#report(error);
      } catch {
        // A failing reporter must not turn a store failure into a crash.
      }
    }
    return error;
  }
}

class TimeoutError extends Error {}

const timedOut = (): Error => new TimeoutError();

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
