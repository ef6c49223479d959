import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isDeepStrictEqual } from 'node:util';
import { createSystemApp } from '../examples/system/app.js';
import { bareHandler } from './contestants/bare-handler.js';
import { exchange, fakeRequest, type Listener } from './fake-http.js';
import { RESULTS_DIR } from './machine.js';
import { OPERATIONS, type Operation } from './operations.js';
import { median, fixed } from './stats.js';
import { markdown } from './table.js';
import { PIECES, pieceNamed, variantName } from './variants/pieces.js';

/**
 * `node dist/bench/variants-in-process.js [piece...]`: each variant of
 * bench/variants/pieces.ts against its base, without sockets, each build in
 * a process of its own (a variant may patch a prototype): the bytes a
 * request allocates (the median heap growth over batches of requests, with a
 * young generation large enough that few batches see a collection) and
 * the time per request through bench/fake-http.ts. Allocation is a count
 * and holds on a busy machine; the time is only a hint there.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    child: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    out: { type: 'string', default: `${RESULTS_DIR}variants-in-process.md` },
  },
});

interface Measured {
  op: string;
  nsPerRequest: number;
  bytesPerRequest: number;
}

/** Requests per measured batch. */
const BATCH = 250;

async function measure(listener: Listener, op: Operation): Promise<Measured> {
  const make = () => fakeRequest(op.method, op.path, op.headers, op.body);
  const answer = await exchange(listener, make());
  if (answer.status !== 200 || !isDeepStrictEqual(JSON.parse(answer.body), op.expected)) {
    throw new Error(`${op.name}: expected 200 ${JSON.stringify(op.expected)}, got ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  for (let i = 0; i < 20_000; i++) await exchange(listener, make());
  // Heap growth over small batches: a batch a collection ran in shows less, and the median leaves it out.
  const times: number[] = [];
  const bytes: number[] = [];
  for (let batch = 0; batch < 60; batch++) {
    const heap = process.memoryUsage().heapUsed;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) await exchange(listener, make());
    times.push(Number(process.hrtime.bigint() - t0) / BATCH);
    bytes.push((process.memoryUsage().heapUsed - heap) / BATCH);
  }
  return { op: op.name, nsPerRequest: median(times), bytesPerRequest: median(bytes) };
}

if (args.child !== undefined) {
  const name = args.child;
  const listener = name === 'switchyard' ? createSystemApp().listener : name === 'bare' ? bareHandler : pieceNamed(name)!.listener();
  const results: Measured[] = [];
  for (const op of OPERATIONS) results.push(await measure(listener, op));
  console.log(JSON.stringify(results));
} else {
  const script = fileURLToPath(import.meta.url);
  const run = (name: string): Measured[] =>
    JSON.parse(execFileSync(process.execPath, ['--max-semi-space-size=64', script, '--child', name], { encoding: 'utf8' })) as Measured[];
  const pieces = positionals.length === 0 ? PIECES : PIECES.filter((p) => positionals.includes(p.piece));
  const rows: string[][] = [];
  const bases = new Map<string, Measured[][]>();
  const rounds = Number(args.rounds);
  for (const piece of pieces) {
    const name = variantName(piece);
    const mine: Measured[][] = [];
    const base = bases.get(piece.against) ?? [];
    for (let round = 0; round < rounds; round++) {
      if (base.length < rounds) base.push(run(piece.against));
      mine.push(run(name));
    }
    bases.set(piece.against, base);
    for (const op of OPERATIONS) {
      const of = (list: Measured[][], key: 'nsPerRequest' | 'bytesPerRequest') =>
        median(list.map((r) => r.find((m) => m.op === op.name)![key]));
      const sign = piece.against === 'switchyard' ? 1 : -1;
      rows.push([
        piece.piece,
        op.name,
        fixed(sign * (of(base, 'bytesPerRequest') - of(mine, 'bytesPerRequest')), 0),
        fixed((sign * (of(base, 'nsPerRequest') - of(mine, 'nsPerRequest'))) / 1000, 2),
      ]);
    }
    process.stderr.write(`${name} done\n`);
  }
  const command = `node dist/bench/variants-in-process.js --rounds ${rounds}${positionals.length > 0 ? ` ${positionals.join(' ')}` : ''}`;
  const text = `# What a request allocates, piece by piece (in process)

\`${command}\`, ${new Date().toISOString()}, Node ${process.version}. Each variant of bench/variants/pieces.ts
against its base, without sockets (bench/fake-http.ts), each build in a process of its own, ${rounds} processes
each: the bytes the piece allocates per request (median heap growth over batches of ${BATCH} requests), and
the time it costs per request, a hint only on a busy machine. The base builds allocate
${OPERATIONS.map((op) => `${op.name} ${fixed(median(bases.get('switchyard')?.map((r) => r.find((m) => m.op === op.name)!.bytesPerRequest) ?? [Number.NaN]), 0)}`).join(', ')} bytes (switchyard) and
${OPERATIONS.map((op) => `${op.name} ${fixed(median(bases.get('bare')?.map((r) => r.find((m) => m.op === op.name)!.bytesPerRequest) ?? [Number.NaN]), 0)}`).join(', ')} bytes (bare) per request. The
header-copy variant patches node's ServerResponse, which the in-process harness does not use: it shows nothing here.
An echo's allocation differs by up to about 200 bytes between two processes of one build (the engine
optimises each its own way): read smaller differences as none.

${markdown(['piece', 'op', 'bytes allocated per request', 'µs per request (hint)'], rows)}
`;
  writeFileSync(args.out, text);
  console.log(text);
}
