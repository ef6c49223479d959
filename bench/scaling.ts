import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Application, type ControllerClass } from '../src/index.js';
import { readJson, send } from './contestants/bare-handler.js';
import { exchange, fakeRequest, type Listener } from './fake-http.js';
import { actionName, controllerWith, fieldNames, formActionWith } from './generate.js';
import { machine, writeResult } from './machine.js';
import { fixed, median } from './stats.js';
import { table } from './table.js';
import { pairedRatio, timeCases } from './timing.js';

/**
 * `npm run bench:micro -- scaling` (or `node dist/bench/scaling.js`), in process, no sockets:
 * - dispatch cost with 1, 100 and 10,000 registered actions (the last registered one is called),
 *   as the median of per-repetition ratios to 1 action;
 * - validation cost with 1, 10 and 100 fields (`required|string|max:255` each), next to bare ajv;
 * - boot time with 1,000 actions, in fresh processes: `new Application()` → `router.svc()` → first answer.
 */
const ITERATIONS = Number(process.env.MICRO_ITERATIONS ?? 5_000);
const REPETITIONS = Number(process.env.MICRO_REPETITIONS ?? 41);
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

function appWith(controller: ControllerClass, methods: string[]) {
  return new Application({ report: () => {} }).withRouting({
    api: (router) => {
      router.svc('/svc', controller, methods);
    },
  }).listener;
}

async function expectStatus(listener: Listener, req: ReturnType<typeof fakeRequest>, status: number) {
  const answer = await exchange(listener, req);
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.body.slice(0, 200)}`);
}

/** Boot child: prints the ms from `new Application()` to the first answered request. */
async function bootChild(count: number): Promise<void> {
  const controller = controllerWith(count);
  const t0 = process.hrtime.bigint();
  const listener = appWith(controller, ['GET']);
  const answer = await exchange(listener, fakeRequest('GET', `/api/svc?action=${actionName(count - 1)}`, {}));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (answer.status !== 200) throw new Error(`boot child: first answer was ${answer.status}`);
  process.stdout.write(JSON.stringify({ ms }) + '\n');
}

async function dispatchScaling() {
  const counts = [1, 100, 10_000];
  const cases = [];
  for (const count of counts) {
    const listener = appWith(controllerWith(count), ['GET']);
    const url = `/api/svc?action=${actionName(count - 1)}`;
    await expectStatus(listener, fakeRequest('GET', url, {}), 200);
    cases.push({ label: `${count} actions`, run: () => exchange(listener, fakeRequest('GET', url, {})) });
  }
  const timed = await timeCases(cases, ITERATIONS, REPETITIONS);
  return timed.map((t, i) => ({ actions: counts[i]!, nsPerOp: t.nsPerOp, ratioToOne: pairedRatio(t, timed[0]!) }));
}

/** The same work without a framework: read and parse the body, validate with ajv, answer the fields. */
function bareFormListener(count: number): Listener {
  const names = fieldNames(count);
  const properties = Object.fromEntries(names.map((f) => [f, { type: 'string', maxLength: 255 }]));
  const validate = new Ajv({ allErrors: true }).compile<Record<string, string>>({ type: 'object', required: names, properties });
  return (req, res) =>
    readJson(req, res, (input) => {
      if (!validate(input)) return send(res, 422, { errors: validate.errors });
      const out: Record<string, string> = {};
      for (const name of names) out[name] = input[name]!;
      send(res, 200, out);
    });
}

async function validationScaling() {
  const counts = [1, 10, 100];
  const cases = [];
  for (const count of counts) {
    const listener = appWith(formActionWith(count), ['POST']);
    const body = JSON.stringify(Object.fromEntries(fieldNames(count).map((f) => [f, 'hello world'])));
    await expectStatus(listener, fakeRequest('POST', '/api/svc?action=form', JSON_HEADERS, body), 200);
    await expectStatus(listener, fakeRequest('POST', '/api/svc?action=form', JSON_HEADERS, '{}'), 422);
    cases.push({
      label: `switchyard ${count}`,
      run: () => exchange(listener, fakeRequest('POST', '/api/svc?action=form', JSON_HEADERS, body)),
    });
    const bare = bareFormListener(count);
    await expectStatus(bare, fakeRequest('POST', '/api/svc?action=form', JSON_HEADERS, body), 200);
    cases.push({ label: `bare ${count}`, run: () => exchange(bare, fakeRequest('POST', '/api/svc?action=form', JSON_HEADERS, body)) });
  }
  const timed = await timeCases(cases, ITERATIONS, REPETITIONS);
  return counts.map((count, i) => ({
    fields: count,
    nsPerOp: timed[2 * i]!.nsPerOp,
    bareNsPerOp: timed[2 * i + 1]!.nsPerOp,
  }));
}

function bootScaling(count: number, runs: number) {
  const self = fileURLToPath(import.meta.url);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const child = spawnSync(process.execPath, [self, '--boot-child', String(count)], { encoding: 'utf8', timeout: 60_000 });
    if (child.status !== 0) throw new Error(`boot child failed: ${child.stderr}`);
    times.push((JSON.parse(child.stdout) as { ms: number }).ms);
  }
  return { actions: count, runs: times, medianMs: median(times) };
}

if (process.argv[2] === '--boot-child') {
  await bootChild(Number(process.argv[3]));
} else {
  console.log(`Scaling: ${ITERATIONS} sequential requests × ${REPETITIONS} repetitions, median (Node ${process.version})\n`);
  const dispatch = await dispatchScaling();
  console.log(
    table(
      ['registered actions', '', 'ns/op', '× 1 action'],
      dispatch.map((d) => [String(d.actions), '', fixed(d.nsPerOp, 0), fixed(d.ratioToOne, 3)]),
    ),
  );
  const validation = await validationScaling();
  console.log(
    '\n' +
      table(
        ['fields', '', 'switchyard ns/op', 'bare ajv ns/op', 'overhead µs'],
        validation.map((v) => [
          String(v.fields),
          '',
          fixed(v.nsPerOp, 0),
          fixed(v.bareNsPerOp, 0),
          fixed((v.nsPerOp - v.bareNsPerOp) / 1000, 2),
        ]),
      ),
  );
  const boot = bootScaling(1000, 9);
  console.log(
    `\nboot with ${boot.actions} actions (new Application() → svc() → first answer), fresh process, median of ${boot.runs.length}: ${fixed(boot.medianMs, 1)} ms  [${boot.runs.map((t) => fixed(t, 1)).join(', ')}]`,
  );
  console.log(
    `wrote ${writeResult('scaling.json', { date: new Date().toISOString(), machine: machine(false), iterations: ITERATIONS, repetitions: REPETITIONS, dispatch, validation, boot })}`,
  );
}
