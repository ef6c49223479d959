/**
 * `npm run bench:attacks`: wire-level attacks against the example
 * application in its own process (127.0.0.1 only, 1–2 minutes). For each
 * attack: the answers, the wall time, how long the server stays busy after
 * the attacker has its answers, the server's CPU time (both), its memory
 * (peak RSS above the start, and what is left after a full GC), then a check
 * that a normal request is still answered. Each attack starts on an idle
 * server. Exits 1 when any answer is not the one the attack must get.
 *
 * The server runs with headers_timeout 2 s and request_timeout 4 s (instead
 * of 10 s and 30 s) so the slow-client attacks finish quickly. A watchdog
 * kills it if its RSS passes 2 GiB (the attack then reads "killed").
 * ATTACKS=one-byte runs only the single one-byte-chunk attacks, one request
 * at a time and with the default timeouts: the ones to compare against a
 * build from before the fix.
 * ATTACKS_MARKDOWN=1 also prints the table as Markdown.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { call } from './http-call.js';
import { ServerProcess, canPin, type Usage } from './server-process.js';
import { fixed } from './stats.js';
import { markdown, table } from './table.js';
import {
  MULTIPART_BOUNDARY,
  exchange,
  head,
  isJsonError,
  oneByteChunks,
  paddedJson,
  paddedMultipart,
  trickle,
  type Exchange,
  type Reply,
} from './wire.js';

const HEADERS_TIMEOUT = 2000;
const REQUEST_TIMEOUT = 4000;
const RSS_CAP = 2 * 1024 ** 3;
const MiB = 1024 * 1024;

const ECHO = 'POST /api/system?action=echo HTTP/1.1';
const STATUS = 'GET /api/system?action=status HTTP/1.1';
const NOPE = 'GET /api/system?action=nope HTTP/1.1';
type Line = readonly [string, string];
const HOST: Line = ['host', '127.0.0.1'];
const CLOSE: Line = ['connection', 'close'];
const JSON_TYPE: Line = ['content-type', 'application/json'];
const CHUNKED: Line = ['transfer-encoding', 'chunked'];
const SMUGGLED = head(NOPE, [HOST]);

/** What one attack saw: a one-line summary, and what was wrong (undefined when all was as it must be). */
interface Outcome {
  answer: string;
  failure?: string;
}

interface Attack {
  name: string;
  /** Part of the before/after comparison (ATTACKS=one-byte). */
  oneByte?: boolean;
  run(port: number): Promise<Outcome>;
}

/** Every exchange must end in exactly `count` answers of `status` (JSON errors for 4xx/5xx) and a closed connection. */
function judge(
  all: readonly Exchange[],
  status: number | readonly number[],
  options: { count?: number; check?: (reply: Reply) => boolean } = {},
): Outcome {
  const allowed = typeof status === 'number' ? [status] : status;
  const count = options.count ?? 1;
  const failures: string[] = [];
  for (const x of all) {
    if (x.timedOut) failures.push(`still open after ${fixed(x.ms / 1000, 1)} s`);
    if (x.replies.length !== count) failures.push(`${x.replies.length} answers instead of ${count}`);
    for (const reply of x.replies) {
      if (!allowed.includes(reply.status)) failures.push(`status ${reply.status}: ${reply.body.slice(0, 100)}`);
      else if (reply.status >= 400 && !isJsonError(reply))
        failures.push(`${reply.status} without a JSON message: ${reply.body.slice(0, 100)}`);
      else if (reply.status < 400 && options.check && !options.check(reply)) failures.push(`unexpected body: ${reply.body.slice(0, 100)}`);
    }
  }
  const unique = [...new Set(failures)];
  return { answer: summary(all), ...(unique.length > 0 ? { failure: unique.slice(0, 3).join('; ') } : {}) };
}

/** "408 ×100 (2.1–2.9 s)": the answers by status, and the spread of close times when there are several connections. */
function summary(all: readonly Exchange[]): string {
  const counts = new Map<string, number>();
  for (const x of all) {
    const keys = x.replies.length > 0 ? x.replies.map((r) => String(r.status)) : [x.timedOut ? 'held open' : 'closed, no answer'];
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const text = [...counts].map(([key, n]) => (n === 1 ? key : `${key} ×${n}`)).join(', ');
  if (all.length < 10) return text;
  const ms = all.map((x) => x.ms);
  return `${text} (${fixed(Math.min(...ms) / 1000, 1)}–${fixed(Math.max(...ms) / 1000, 1)} s)`;
}

/** A normal request sent while an attack holds the server: its status and latency. */
async function meanwhile(port: number, afterMs: number): Promise<string> {
  await sleep(afterMs);
  const started = performance.now();
  try {
    const answer = await call(port, 'GET', '/api/system?action=status', {});
    return `status meanwhile: ${answer.status} in ${fixed(performance.now() - started, 0)} ms`;
  } catch (error) {
    return `status meanwhile: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function oneByte(kind: 'JSON' | 'multipart', connections: number): Attack {
  const type: Line = kind === 'JSON' ? JSON_TYPE : ['content-type', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`];
  const body = kind === 'JSON' ? paddedJson(MiB) : paddedMultipart(MiB);
  return {
    name: connections === 1 ? `1 MiB ${kind} in 1-byte chunks` : `the same, ${connections} at once`,
    oneByte: connections === 1,
    async run(port) {
      const wire = Buffer.concat([Buffer.from(head(ECHO, [HOST, type, CHUNKED, CLOSE])), oneByteChunks(body)]);
      const all = await Promise.all(Array.from({ length: connections }, () => exchange(port, (s) => s.end(wire), 90_000)));
      // 408 when request_timeout passes first: the server may cut off a client this slow.
      return judge(all, [200, 408], { check: (reply) => reply.body === '{"message":"hi"}' });
    },
  };
}

/** `connections` clients that each write `first`, then `piece` every 250 ms; all must be cut off with `status`. */
function slow(name: string, connections: number, first: string, piece: string, status: number, limitMs: number): Attack {
  return {
    name,
    async run(port) {
      const during = meanwhile(port, 500);
      const all = await Promise.all(
        Array.from({ length: connections }, () => exchange(port, (s) => trickle(s, first, piece, 250), limitMs + 5000)),
      );
      const outcome = judge(all, status);
      return { ...outcome, answer: `${outcome.answer}; ${await during}` };
    },
  };
}

/** One connection that sends `bytes` and must get exactly one answer of `status`, then be closed. */
function single(name: string, bytes: string | Buffer, status: number, options: { end?: boolean; noInterim?: boolean } = {}): Attack {
  return {
    name,
    async run(port) {
      const x = await exchange(port, (s) => (options.end === false ? s.write(bytes) : s.end(bytes)), 5000);
      const outcome = judge([x], status);
      if (options.noInterim && x.interim.length > 0) {
        return { ...outcome, failure: `sent interim ${x.interim.join(', ')} before the answer` };
      }
      return outcome;
    },
  };
}

const echoBody = '{"message":"hi"}';
const gzipped = gzipSync(echoBody);

const ATTACKS: Attack[] = [
  oneByte('JSON', 1),
  oneByte('JSON', 10),
  oneByte('multipart', 1),
  oneByte('multipart', 10),
  slow('slowloris: 100 heads, a header line every 250 ms', 100, `${STATUS}\r\nhost: 127.0.0.1\r\n`, 'x-slow: 1\r\n', 408, HEADERS_TIMEOUT),
  slow(
    'slow bodies: 100 × 1 byte every 250 ms',
    100,
    head(ECHO, [HOST, JSON_TYPE, ['content-length', '1000'], CLOSE]) + '{"message":"',
    'x',
    408,
    REQUEST_TIMEOUT,
  ),
  {
    name: '1,000 idle connections',
    async run(port) {
      const during = meanwhile(port, 500);
      const all = await Promise.all(Array.from({ length: 1000 }, () => exchange(port, () => undefined, HEADERS_TIMEOUT + 5000)));
      const outcome = judge(all, 408);
      return { ...outcome, answer: `${outcome.answer}; ${await during}` };
    },
  },
  {
    name: 'pipelining: 100 requests on one connection',
    async run(port) {
      const requests = Array.from({ length: 100 }, (_, i) => {
        const last: Line[] = i === 99 ? [CLOSE] : [];
        return i % 2 === 0
          ? head(STATUS, [HOST, ...last])
          : head(ECHO, [HOST, JSON_TYPE, ['content-length', String(echoBody.length)], ...last]) + echoBody;
      });
      const x = await exchange(port, (s) => s.end(requests.join('')), 10_000);
      const outcome = judge([x], 200, { count: 100 });
      const inOrder = x.replies.every((r, i) => r.body === (i % 2 === 0 ? '{"status":"ok"}' : echoBody));
      return inOrder || outcome.failure ? outcome : { ...outcome, failure: 'answers out of order' };
    },
  },
  single(
    'smuggling: Content-Length and chunked (CL.TE)',
    head(ECHO, [HOST, JSON_TYPE, ['content-length', '4'], CHUNKED]) + '0\r\n\r\n' + SMUGGLED,
    400,
  ),
  single(
    'smuggling: Transfer-Encoding gzip, chunked',
    head(ECHO, [HOST, JSON_TYPE, ['transfer-encoding', 'gzip, chunked']]) + `10\r\n${echoBody}\r\n0\r\n\r\n` + SMUGGLED,
    501,
  ),
  single(
    'smuggling: chunked, then identity on a second line',
    head(ECHO, [HOST, JSON_TYPE, CHUNKED, ['transfer-encoding', 'identity']]) + `10\r\n${echoBody}\r\n0\r\n\r\n` + SMUGGLED,
    400,
  ),
  single(
    'smuggling: two different Content-Lengths',
    head(ECHO, [HOST, JSON_TYPE, ['content-length', '16'], ['content-length', '5']]) + echoBody + SMUGGLED,
    400,
  ),
  single(
    'Content-Encoding: gzip',
    Buffer.concat([
      Buffer.from(head(ECHO, [HOST, JSON_TYPE, ['content-encoding', 'gzip'], ['content-length', String(gzipped.length)], CLOSE])),
      gzipped,
    ]),
    415,
  ),
  single(
    'Expect: 100-continue, 2 MiB announced',
    head(ECHO, [HOST, JSON_TYPE, ['content-length', String(2 * MiB)], ['expect', '100-continue']]),
    413,
    { end: false, noInterim: true },
  ),
  single(
    '50 MiB announced, 64 KiB sent',
    head(ECHO, [HOST, JSON_TYPE, ['content-length', String(50 * MiB)]]) + 'x'.repeat(64 * 1024),
    413,
    { end: false },
  ),
  single(
    '2 MiB chunked, no length announced',
    head(ECHO, [HOST, JSON_TYPE, CHUNKED]) + `${(2 * MiB).toString(16)}\r\n${'x'.repeat(2 * MiB)}\r\n0\r\n\r\n`,
    413,
    { end: false },
  ),
  single('two Host lines', head(STATUS, [HOST, ['host', 'evil.example'], CLOSE]), 400),
  single('no Host', head(STATUS, [CLOSE]), 400),
  single('40 KiB header', head(STATUS, [HOST, ['x-big', 'a'.repeat(40 * 1024)], CLOSE]), 431),
];

/** Samples the server's RSS from /proc (Linux) every 10 ms; kills the server past the cap. */
class RssWatch {
  peak = 0;
  killed = false;
  readonly #timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {
    if (!this.#sample()) return;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM, the kernel's own peak
    } catch {
      // not allowed here: the 10 ms samples are the peak
    }
    this.#timer = setInterval(() => this.#sample(), 10);
  }

  /** The peak RSS in bytes, or undefined where /proc is missing. */
  stop(): number | undefined {
    if (this.#timer === undefined) return undefined;
    clearInterval(this.#timer);
    this.#sample();
    return this.peak;
  }

  #sample(): boolean {
    let status: string;
    try {
      status = readFileSync(`/proc/${this.pid}/status`, 'latin1');
    } catch {
      return false;
    }
    const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    this.peak = Math.max(this.peak, kib('VmRSS'), kib('VmHWM'));
    if (this.peak > RSS_CAP && !this.killed) {
      this.killed = true;
      process.kill(this.pid, 'SIGKILL');
    }
    return true;
  }
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux; 100 ticks a second); undefined elsewhere. */
function procCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Waits until the server is idle (under 10% of a core over 250 ms, at most
 * 60 s) and returns how long it stayed busy: work it still does for an
 * attack after the attacker has its answer. Each attack starts on an idle server.
 */
async function settle(pid: number): Promise<number | undefined> {
  const started = performance.now();
  const first = procCpuMs(pid);
  if (first === undefined) return undefined;
  let last: number = first;
  for (;;) {
    await sleep(250);
    const now: number = procCpuMs(pid) ?? last;
    if (now - last < 25 || performance.now() - started > 60_000) return Math.max(0, performance.now() - started - 250);
    last = now;
  }
}

interface Row {
  attack: Attack;
  outcome: Outcome;
  wallMs: number;
  busyAfterMs: number | undefined;
  cpuMs: number | undefined;
  peakMiB: number | undefined;
  retainedMiB: number | undefined;
}

const mib = (bytes: number) => bytes / MiB;
const startServer = () => ServerProcess.start('switchyard-app', { ...(canPin() ? { core: 1 } : {}), nodeArgs: ['--expose-gc'] });

async function measure(server: ServerProcess, attack: Attack): Promise<Row> {
  const before: Usage = await server.usage();
  const watch = new RssWatch(server.pid);
  const started = performance.now();
  let outcome = await attack.run(server.port);
  const wallMs = performance.now() - started;
  const busyAfterMs = watch.killed ? undefined : await settle(server.pid);
  const peak = watch.stop();
  if (watch.killed) {
    return {
      attack,
      outcome: { answer: 'server killed: RSS passed 2 GiB', failure: 'killed' },
      wallMs,
      busyAfterMs,
      cpuMs: undefined,
      peakMiB: peak === undefined ? undefined : mib(peak - (before.rssAfterGc ?? before.rss)),
      retainedMiB: undefined,
    };
  }
  const after: Usage = await server.usage();
  try {
    const check = await call(server.port, 'GET', '/api/system?action=status', {});
    if (check.status !== 200) outcome = { ...outcome, failure: `afterwards a normal request got ${check.status}` };
  } catch (error) {
    outcome = { ...outcome, failure: `afterwards a normal request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const base = before.rssAfterGc ?? before.rss;
  return {
    attack,
    outcome,
    wallMs,
    busyAfterMs,
    cpuMs: (after.cpuMicros - before.cpuMicros) / 1000,
    peakMiB: peak === undefined ? undefined : mib(peak - base),
    retainedMiB: mib((after.rssAfterGc ?? after.rss) - base),
  };
}

async function main(): Promise<void> {
  const only = process.env.ATTACKS;
  if (only !== undefined && only !== 'one-byte') throw new Error(`ATTACKS=${only}: the only selection is "one-byte"`);
  const attacks = only === 'one-byte' ? ATTACKS.filter((a) => a.oneByte) : ATTACKS;
  // The one-byte comparison runs with the default timeouts, so that a slow build still answers 200 and shows its full cost.
  const timeouts = only === 'one-byte' ? {} : { headers_timeout: HEADERS_TIMEOUT, request_timeout: REQUEST_TIMEOUT };
  process.env.SWITCHYARD_BENCH_OPTIONS = JSON.stringify(timeouts);
  let server = await startServer();
  const started = await server.usage();
  console.log(
    `Switchyard attacks: example application, ${only === 'one-byte' ? 'default timeouts' : `headers_timeout ${HEADERS_TIMEOUT} ms, request_timeout ${REQUEST_TIMEOUT} ms`}, ` +
      `server ${canPin() ? 'pinned to core 1' : 'unpinned'}, RSS after GC at start ${fixed(mib(started.rssAfterGc ?? started.rss), 1)} MiB, ` +
      `Node ${process.version}`,
  );
  const rows: Row[] = [];
  try {
    for (const attack of attacks) {
      const row = await measure(server, attack);
      rows.push(row);
      console.log(`  ${attack.name}: ${row.outcome.answer}${row.outcome.failure ? `  FAIL: ${row.outcome.failure}` : ''}`);
      if (row.outcome.failure === 'killed') {
        await server.stop();
        server = await startServer();
      }
    }
  } finally {
    await server.stop();
  }
  const header = ['attack', 'answer', 'wall s', 'busy after s', 'server CPU s', 'peak RSS +MiB', 'RSS after GC +MiB', 'check'];
  const cells = rows.map((r) => [
    r.attack.name,
    r.outcome.answer,
    fixed(r.wallMs / 1000, 2),
    r.busyAfterMs === undefined ? 'n/a' : fixed(r.busyAfterMs / 1000, 2),
    r.cpuMs === undefined ? 'n/a' : fixed(r.cpuMs / 1000, 2),
    r.peakMiB === undefined ? 'n/a' : fixed(r.peakMiB, 1),
    r.retainedMiB === undefined ? 'n/a' : fixed(r.retainedMiB, 1),
    r.outcome.failure ? 'FAIL' : 'ok',
  ]);
  console.log('\n' + table(header, cells));
  if (process.env.ATTACKS_MARKDOWN === '1') console.log('\n' + markdown(header, cells));
  const failed = rows.filter((r) => r.outcome.failure);
  console.log(`\n${rows.length - failed.length} of ${rows.length} attacks answered as they must be`);
  if (failed.length > 0) process.exitCode = 1;
}

await main();
