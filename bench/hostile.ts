/**
 * The soak's hostile share: raw-socket clients that run beside the
 * autocannon mix for as long as it does. They loop over the bad-input corpus
 * (tests/hardening/corpus.ts, aimed at the example's `/api/system`), send
 * bodies in one-byte chunks, trickle heads and bodies until the server's
 * timeouts cut them off, and abandon uploads. Every exchange is judged: a 4xx
 * JSON error with a message (the corpus also holds valid requests, so a 2xx
 * there), a silent close only for an abandoned upload, never a 5xx, a stack
 * trace or a connection the server holds past its timeouts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { corpus } from '../tests/hardening/corpus.js';
import { MULTIPART_BOUNDARY, exchange, head, isJsonError, oneByteChunks, trickle, type Exchange } from './wire.js';

/** The server's timeouts, which bound how long a slow client may be held. */
export interface HostileOptions {
  headersTimeout: number;
  requestTimeout: number;
}

export interface HostileResult {
  /** Exchanges by kind of attack. */
  byKind: Record<string, number>;
  /** Answers by status ("closed" for a close without an answer). */
  byAnswer: Record<string, number>;
  unexpected: number;
  /** The first unexpected exchanges, described. */
  examples: string[];
}

/** One hostile exchange: how to run it and whether its outcome is acceptable (undefined) or not (why). */
interface Probe {
  kind: string;
  name: string;
  run(port: number): Promise<Exchange>;
  judge(x: Exchange): string | undefined;
}

const ECHO = 'POST /api/system?action=echo HTTP/1.1';
const HOST = ['host', '127.0.0.1'] as const;

/** The rule of tests/hardening/corpus.int.test.ts: a success or a 4xx JSON error with a message, never a stack trace. */
function judgeCorpus(x: Exchange, abandoned: boolean): string | undefined {
  if (x.timedOut) return 'held open past the timeouts';
  if (x.replies.length === 0) return abandoned ? undefined : 'closed without an answer';
  for (const reply of x.replies) {
    if (reply.status < 200 || reply.status >= 500) return `status ${reply.status}: ${reply.body.slice(0, 100)}`;
    if (reply.body === '') continue; // HEAD, 204
    if (reply.status >= 400 ? !isJsonError(reply) : !isJson(reply.body)) return `${reply.status} body: ${reply.body.slice(0, 100)}`;
  }
  return undefined;
}

/** Exactly one answer of `status`, a JSON error with a message. */
function judgeError(status: number, silentCloseAllowed = false) {
  return (x: Exchange): string | undefined => {
    if (x.timedOut) return 'held open past the timeouts';
    if (x.replies.length === 0) return silentCloseAllowed ? undefined : 'closed without an answer';
    const reply = x.replies[0]!;
    if (x.replies.length > 1) return `${x.replies.length} answers`;
    if (silentCloseAllowed ? reply.status < 400 || reply.status >= 500 : reply.status !== status) {
      return `status ${reply.status}: ${reply.body.slice(0, 100)}`;
    }
    return isJsonError(reply) ? undefined : `${reply.status} without a JSON message: ${reply.body.slice(0, 100)}`;
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function corpusProbes(deadline: number): Probe[] {
  return corpus().map(({ name, bytes, abandoned }) => {
    // The corpus targets /api/corpus; the same bytes (latin1 round-trips) aimed at the example's endpoint.
    const aimed = Buffer.from(bytes.toString('latin1').replaceAll('/api/corpus', '/api/system'), 'latin1');
    return {
      kind: 'corpus',
      name,
      run: (port) => exchange(port, (s) => s.end(aimed), deadline),
      judge: (x) => judgeCorpus(x, abandoned === true),
    };
  });
}

/** 64 KiB bodies whose message is too long (422), sent one byte per chunk. */
function oneByteProbes(deadline: number): Probe[] {
  const size = 64 * 1024;
  const json = Buffer.from(`{"message":"${'x'.repeat(size)}"}`);
  const b = MULTIPART_BOUNDARY;
  const multipart = Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="message"\r\n\r\n${'x'.repeat(size)}\r\n--${b}--\r\n`);
  const probe = (name: string, type: string, body: Buffer): Probe => {
    const wire = Buffer.concat([
      Buffer.from(head(ECHO, [HOST, ['content-type', type], ['transfer-encoding', 'chunked'], ['connection', 'close']]), 'latin1'),
      oneByteChunks(body),
    ]);
    return { kind: 'one-byte chunks', name, run: (port) => exchange(port, (s) => s.end(wire), deadline), judge: judgeError(422) };
  };
  return [
    probe('64 KiB JSON in 1-byte chunks', 'application/json', json),
    probe('64 KiB multipart in 1-byte chunks', `multipart/form-data; boundary=${b}`, multipart),
  ];
}

/** A head that never ends, a body that never ends (both cut off with 408), an upload the client abandons. */
function slowProbes(options: HostileOptions): Probe[] {
  const partialHead = 'GET /api/system?action=status HTTP/1.1\r\nhost: 127.0.0.1\r\n';
  const bodyHead = head(ECHO, [HOST, ['content-type', 'application/json'], ['content-length', '1000'], ['connection', 'close']]);
  return [
    {
      kind: 'slow head',
      name: 'a header line every 250 ms',
      run: (port) => exchange(port, (s) => trickle(s, partialHead, 'x-slow: 1\r\n', 250), options.headersTimeout + 5000),
      judge: judgeError(408),
    },
    {
      kind: 'slow body',
      name: 'a body byte every 250 ms',
      run: (port) => exchange(port, (s) => trickle(s, bodyHead + '{"message":"', 'x', 250), options.requestTimeout + 5000),
      judge: judgeError(408),
    },
    {
      kind: 'abandoned upload',
      name: '1000 bytes announced, 12 sent, then the client closes',
      run: (port) => exchange(port, (s) => s.end(bodyHead + '{"message":"'), options.requestTimeout + 5000),
      judge: judgeError(400, true),
    },
  ];
}

/**
 * Starts the hostile clients against 127.0.0.1:`port`: two over the corpus,
 * one sending one-byte chunks (with a 250 ms pause between bodies), four
 * slow or abandoning. `stop()` lets every
 * exchange in flight finish and returns the tally.
 */
export function startHostile(port: number, options: HostileOptions): { stop(): Promise<HostileResult> } {
  const deadline = options.requestTimeout + 5000;
  const result: HostileResult = { byKind: {}, byAnswer: {}, unexpected: 0, examples: [] };
  let stopping = false;
  const worker = async (probes: readonly Probe[], start: number, pauseMs = 0) => {
    for (let i = start; !stopping; i++) {
      if (pauseMs > 0) await sleep(pauseMs);
      const probe = probes[i % probes.length]!;
      const x = await probe.run(port);
      result.byKind[probe.kind] = (result.byKind[probe.kind] ?? 0) + 1;
      for (const key of x.replies.length > 0 ? x.replies.map((r) => String(r.status)) : ['closed']) {
        result.byAnswer[key] = (result.byAnswer[key] ?? 0) + 1;
      }
      const wrong = probe.judge(x);
      if (wrong !== undefined) {
        result.unexpected++;
        if (result.examples.length < 10) result.examples.push(`${probe.kind}, ${probe.name}: ${wrong}`);
      }
    }
  };
  const corpusSet = corpusProbes(deadline);
  const oneByteSet = oneByteProbes(deadline);
  const slowSet = slowProbes(options);
  const workers = [
    worker(corpusSet, 0),
    worker(corpusSet, Math.floor(corpusSet.length / 2)),
    // ~0.1 s of server CPU each (node:http hands over every chunk on its own): paced, to stay a share.
    worker(oneByteSet, 0, 250),
    ...[0, 1, 2, 3].map((i) => worker(slowSet, i)),
  ];
  return {
    async stop() {
      stopping = true;
      await Promise.all(workers);
      return result;
    },
  };
}
