import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Ajv, type ValidateFunction } from 'ajv';
import { Container } from 'inversify';
import { FormRequest, type RuleMap } from '../src/index.js';
import type { ValidationOutcome } from '../src/validation/types.js';
import { parseJsonObject } from '../src/http/body.js';
import { planFormRequest } from '../src/routing/action-table.js';
import { writeCostChart } from './chart.js';
import { fieldNames } from './generate.js';
import { machine, writeResult } from './machine.js';
import { selfTimes } from './profile-summary.js';
import { fixed } from './stats.js';
import { table } from './table.js';
import { pairedRatio, timeCases } from './timing.js';

/**
 * `npm run bench:micro` (last part), or `npm run bench:curves`: Switchyard's
 * validation cost next to hand-written ajv doing the same validation, in
 * process, as the work grows — 1/10/100 fields, a wildcard rule over
 * 10/100/1,000 items, JSON bodies of 1 KiB/100 KiB/1 MiB (parse + validate).
 *
 * Switchyard is measured through the pieces a request goes through: the
 * validator `planFormRequest` compiles at boot for a FormRequest class
 * (`validate(input)`, whose outcome carries `validated`), and for bodies
 * `parseJsonObject` first. The hand-written side is one ajv validator
 * compiled once plus the copy of the validated fields a handler makes, and
 * `JSON.parse` for bodies.
 *
 * `--profile <curve> <size>` runs one Switchyard case in a loop under
 * `node --cpu-prof` and prints the functions with the most self time.
 */
const REPETITIONS = Number(process.env.COST_REPETITIONS ?? 101);
/**
 * Target duration of one timed repetition of one case. Short on purpose: on a
 * shared machine a repetition that the scheduler interrupts is an outlier the
 * median drops, and short ones are seldom interrupted.
 */
const REP_MS = Number(process.env.COST_REP_MS ?? 3);
/** At most this many awaited calls per repetition; each runs a synchronous batch, so the await is amortised. */
const MAX_CALLS = 50;

/** One point of a curve: the same input through both validators, which must agree. */
interface Point {
  curve: Curve;
  size: number;
  label: string;
  /** The input: an object for validation, JSON text for bodies. */
  input: unknown;
  /** An input both must reject. */
  invalid: unknown;
  switchyard: (input: unknown) => unknown;
  ajv: (input: unknown) => unknown;
}

type Curve = 'fields' | 'wildcard' | 'body';

const ajv = new Ajv({ allErrors: true });

/** Inputs as a request has them: built by JSON.parse (V8 gives such objects fast properties). */
const parsed = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The compiled validator of a FormRequest class with `rules`, as the action table builds it at boot. */
function formValidator(rules: RuleMap) {
  class CurveRequest extends FormRequest {
    override rules() {
      return rules;
    }
  }
  return planFormRequest(new Container(), CurveRequest).validator!; // these rules never read the request
}

/** `validated` on success, the outcome on failure (so a comparison shows why). */
function switchyardOf(rules: RuleMap): (input: unknown) => unknown {
  const validator = formValidator(rules);
  return (input) => {
    const outcome = validator.validate(input as Record<string, unknown>) as ValidationOutcome; // these rules are all synchronous
    return outcome.ok ? outcome.validated : outcome;
  };
}

function ajvOf<T>(schema: object, pick: (input: T) => unknown): (input: unknown) => unknown {
  const validate: ValidateFunction<T> = ajv.compile<T>(schema);
  return (input) => (validate(input) ? pick(input) : { ok: false, errors: validate.errors });
}

function fieldsPoint(count: number): Point {
  const names = fieldNames(count);
  const rules = Object.fromEntries(names.map((f) => [f, 'required|string|max:255']));
  const properties = Object.fromEntries(names.map((f) => [f, { type: 'string', maxLength: 255 }]));
  const input = Object.fromEntries(names.map((f) => [f, 'hello world']));
  return {
    curve: 'fields',
    size: count,
    label: `${count} field${count === 1 ? '' : 's'}`,
    input: parsed(input),
    invalid: parsed({ ...input, [names[count - 1]!]: 'x'.repeat(256) }),
    switchyard: switchyardOf(rules),
    ajv: ajvOf<Record<string, string>>({ type: 'object', required: names, properties }, (data) => {
      const out: Record<string, string> = {};
      for (const name of names) out[name] = data[name]!;
      return out;
    }),
  };
}

function wildcardPoint(count: number): Point {
  const items = Array.from({ length: count }, (_, i) => ({ name: `item ${i}`, note: 'not validated' }));
  const schema = {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 50 } } },
      },
    },
  };
  return {
    curve: 'wildcard',
    size: count,
    label: `${count.toLocaleString('en')} items`,
    input: parsed({ items }),
    invalid: parsed({ items: [...items.slice(1), { name: 'x'.repeat(51) }] }),
    switchyard: switchyardOf({ items: 'array', 'items.*.name': 'required|string|max:50' }),
    ajv: ajvOf<{ items?: { name: string }[] }>(schema, (data) =>
      data.items === undefined ? {} : { items: data.items.map((item) => ({ name: item.name })) },
    ),
  };
}

/** `{"title":"hello world","data":"xx…"}`, exactly `bytes` long. */
function bodyOf(bytes: number): string {
  const shell = JSON.stringify({ title: 'hello world', data: '' });
  return JSON.stringify({ title: 'hello world', data: 'x'.repeat(bytes - shell.length) });
}

function bodyPoint(bytes: number): Point {
  const text = bodyOf(bytes);
  if (text.length !== bytes) throw new Error(`body of ${text.length} bytes, wanted ${bytes}`);
  const validate = switchyardOf({ title: 'required|string|max:255', data: 'required|string' });
  const schema = {
    type: 'object',
    required: ['title', 'data'],
    properties: { title: { type: 'string', maxLength: 255 }, data: { type: 'string' } },
  };
  const check = ajvOf<{ title: string; data: string }>(schema, (data) => ({ title: data.title, data: data.data }));
  return {
    curve: 'body',
    size: bytes,
    label: bytes < 1 << 20 ? `${bytes / 1024} KiB` : `${bytes / (1 << 20)} MiB`,
    input: text,
    invalid: JSON.stringify({ title: 'x'.repeat(256), data: 'x'.repeat(bytes - 300) }),
    switchyard: (input) => validate(parseJsonObject(input as string)),
    ajv: (input) => check(JSON.parse(input as string)),
  };
}

/** Every point, built on demand (bodies are large): curve, size, builder. */
const POINTS: readonly (readonly [Curve, number, (size: number) => Point])[] = [
  ...[1, 10, 100].map((n) => ['fields', n, fieldsPoint] as const),
  ...[10, 100, 1000].map((n) => ['wildcard', n, wildcardPoint] as const),
  ...[1024, 100 * 1024, 1024 * 1024].map((n) => ['body', n, bodyPoint] as const),
];

/** Both sides give the same validated data for the input and both reject the invalid input. */
function check(point: Point): void {
  const a = point.switchyard(point.input);
  const b = point.ajv(point.input);
  if (!isDeepStrictEqual(a, b)) throw new Error(`${point.curve} ${point.label}: the validated data differ`);
  const bad = [point.switchyard(point.invalid), point.ajv(point.invalid)] as { ok?: boolean }[];
  if (bad.some((outcome) => outcome.ok !== false)) throw new Error(`${point.curve} ${point.label}: the invalid input passed`);
}

/** Holds each result, so no call is optimised away. */
let _sink: unknown;

/** ns per call of `fn` during `ms` of calls. */
function callsFor(fn: (input: unknown) => unknown, input: unknown, ms: number): number {
  let n = 0;
  const t0 = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < ms * 1e6) {
    _sink = fn(input);
    n++;
    elapsed = Number(process.hrtime.bigint() - t0);
  }
  return elapsed / n;
}

/**
 * ns per call of `fn` once warm, to size the batches: the fastest of a few
 * short windows after a warm-up (cold code and interruptions only overestimate).
 */
function estimate(fn: (input: unknown) => unknown, input: unknown): number {
  callsFor(fn, input, 30);
  return Math.min(...Array.from({ length: 5 }, () => callsFor(fn, input, 4)));
}

export interface CostResult {
  curve: Curve;
  size: number;
  label: string;
  /** Awaited calls per repetition, and validations per call (a synchronous batch). */
  calls: number;
  batch: number;
  switchyardNs: number;
  ajvNs: number;
  /** Median of the per-repetition ratios switchyard / ajv. */
  ratio: number;
}

async function measure(point: Point): Promise<CostResult> {
  const perOp = Math.max(estimate(point.switchyard, point.input), estimate(point.ajv, point.input));
  const opsPerRep = (REP_MS * 1e6) / perOp;
  const calls = Math.max(1, Math.min(MAX_CALLS, Math.round(opsPerRep)));
  const batch = Math.max(1, Math.round(opsPerRep / calls));
  const loop = (fn: (input: unknown) => unknown) => async () => {
    for (let i = 0; i < batch; i++) _sink = fn(point.input);
  };
  const [sy, bare] = await timeCases(
    [
      { label: 'switchyard', run: loop(point.switchyard) },
      { label: 'ajv', run: loop(point.ajv) },
    ],
    calls,
    REPETITIONS,
  );
  return {
    curve: point.curve,
    size: point.size,
    label: point.label,
    calls,
    batch,
    switchyardNs: sy!.nsPerOp / batch,
    ajvNs: bare!.nsPerOp / batch,
    ratio: pairedRatio(sy!, bare!),
  };
}

/** Profiles the Switchyard side of one point for about `seconds` in a child under --cpu-prof. */
function profile(curve: string, size: string, seconds: number): void {
  const dir = `${tmpdir()}/switchyard-cost-curves-profile`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, self, '--loop', curve, size, String(seconds)], {
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error('profile child failed');
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile written to ${dir}`);
  const top = selfTimes(`${dir}/${file}`).slice(0, 20);
  console.log(`Switchyard, ${curve} ${size}: self time per function (${dir}/${file})\n`);
  console.log(
    table(
      ['function', 'where', 'self ms', 'share'],
      top.map((e) => [e.fn, e.where, fixed(e.selfMs, 0), `${fixed(e.share * 100, 1)}%`]),
    ),
  );
}

function loop(curve: string, size: string, seconds: number): void {
  const entry = POINTS.find(([c, n]) => c === curve && n === Number(size));
  if (entry === undefined) throw new Error(`no point ${curve} ${size}: one of ${POINTS.map(([c, n]) => `${c} ${n}`).join(', ')}`);
  const point = entry[2](entry[1]);
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) for (let i = 0; i < 100; i++) _sink = point.switchyard(point.input);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--loop') loop(args[0]!, args[1]!, Number(args[2]));
else if (mode === '--profile') profile(args[0] ?? 'fields', args[1] ?? '100', Number(args[2] ?? 5));
else {
  const only = process.env.COST_ONLY;
  const all = POINTS.filter(([curve]) => only === undefined || curve === only).map(([, size, make]) => make(size));
  for (const point of all) check(point);
  console.log(
    `Cost as work grows: switchyard validator vs hand-written ajv, in process, ${REPETITIONS} repetitions of ~${REP_MS} ms per case (interleaved), median (Node ${process.version})\n`,
  );
  const loadBefore = loadavg()[0]!;
  const results: CostResult[] = [];
  for (const point of all) results.push(await measure(point));
  // The 1-minute load average before and after: above the core count, other work shared the CPU.
  const load = [loadBefore, loadavg()[0]!].map((l) => Number(l.toFixed(2)));
  console.log(
    table(
      ['curve', 'size', 'switchyard ns', 'ajv ns', 'switchyard / ajv'],
      results.map((r) => [r.curve, r.label, fixed(r.switchyardNs, 0), fixed(r.ajvNs, 0), fixed(r.ratio, 2)]),
    ),
  );
  const over = results.filter((r) => r.ratio > 1.3);
  console.log(over.length === 0 ? '\nwithin 1.3× at every size' : `\nover 1.3×: ${over.map((r) => `${r.curve} ${r.label}`).join(', ')}`);
  console.log(`load average (1 min) before/after: ${load.join(' / ')}`);
  const result = {
    date: new Date().toISOString(),
    machine: machine(false),
    load,
    repetitions: REPETITIONS,
    repMs: REP_MS,
    target: 1.3,
    results,
  };
  console.log(`wrote ${writeResult('cost-curves.json', result)}`);
  console.log(`wrote ${writeCostChart(result)}`);
}
