/**
 * What typed `validated()` costs the type checker (issue #11's compile-time
 * figure): one form request with 50 fields of the common rules (string,
 * integer, numeric, boolean, array, nullable, `in:a,b`, nested and wildcard
 * keys) and a handler that reads them, checked by the project's `tsc` three
 * ways: `rules()` returned `as const` (typed), widened (no `as const`), and
 * annotated `: RuleMap` (untyped). Prints the best CPU time of several runs
 * and the exact type and instantiation counts. `npm run bench:types`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve('.');
const RUNS = Number(process.env.TYPE_COST_RUNS ?? 7);

const KINDS = [
  'required|string|max:255',
  'nullable|integer',
  'numeric|min:0',
  'boolean',
  'required|in:draft,published',
  'array',
  'nullable|string',
  'required|email',
  'sometimes|integer|between:1,10',
  'string',
];
const FIELDS: [string, string][] = [
  ...Array.from({ length: 40 }, (_, i): [string, string] => [`f${i}`, KINDS[i % KINDS.length]!]),
  ['address', 'required|array'],
  ['address.street', 'required|string'],
  ['address.city', 'string'],
  ['address.zip', 'nullable|string'],
  ['items', 'required|array'],
  ['items.*.id', 'required|integer'],
  ['items.*.name', 'required|string'],
  ['items.*.qty', 'numeric'],
  ['tags.*', 'string|in:a,b,c'],
  ['meta.flag', 'boolean'],
];

type Variant = 'baseline' | 'typed' | 'widened' | 'untyped';

function source(variant: Variant): string {
  if (variant === 'baseline') return `export type { RuleMap } from ${JSON.stringify(join(ROOT, 'src/index.js'))};\n`;
  const rules = FIELDS.map(([k, v]) => `      '${k}': '${v}',`).join('\n');
  const signature = variant === 'untyped' ? 'override rules(): RuleMap' : 'override rules()';
  const reads =
    variant === 'typed'
      ? [
          ...FIELDS.slice(0, 40).map(([k]) => `    void v.${k};`),
          '    void v.address.street; void v.items[0]?.qty; void v.tags; void v.meta;',
        ]
      : [...FIELDS.slice(0, 40).map(([k]) => `    void v['${k}'];`), "    void v['address']; void v['items'];"];
  return `import { Action, FormRequest, type RuleMap } from ${JSON.stringify(join(ROOT, 'src/index.js'))};
export type { RuleMap };

export class BigRequest extends FormRequest {
  ${signature} {
    return {
${rules}
    }${variant === 'typed' ? ' as const' : ''};
  }
}

export class BigAction extends Action {
  static override formRequest = BigRequest;
  handle(request: BigRequest) {
    const v = request.validated();
${reads.join('\n')}
    return v;
  }
}
`;
}

interface Figures {
  cpu: number;
  types: number;
  instantiations: number;
}

function measure(dir: string, variant: Variant): Figures {
  writeFileSync(join(dir, `${variant}.ts`), source(variant));
  const config = join(dir, `tsconfig.${variant}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { noEmit: true, rootDir: '/', typeRoots: [join(ROOT, 'node_modules/@types')] },
      include: [join(dir, `${variant}.ts`)],
      exclude: [],
    }),
  );
  let best: Figures | undefined;
  for (let i = 0; i < RUNS; i++) {
    const before = childrenCpu();
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', config, '--singleThreaded', '--extendedDiagnostics'], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`tsc failed on the ${variant} program:\n${run.stdout}${run.stderr}`);
    const count = (label: string) =>
      Number(/^(\w+):\s+(\d+)/m.exec(run.stdout.split('\n').find((l) => l.startsWith(label)) ?? '')?.[2] ?? Number.NaN);
    const cpu = childrenCpu() - before;
    const figures = { cpu, types: count('Types:'), instantiations: count('Instantiations:') };
    if (best === undefined || figures.cpu < best.cpu) best = figures;
  }
  return best!;
}

/** CPU seconds (user + system) of this process's finished children so far: `cutime` + `cstime` of /proc/self/stat. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const dir = mkdtempSync(join(tmpdir(), 'switchyard-type-cost-'));
try {
  const results = (['baseline', 'untyped', 'widened', 'typed'] as const).map((variant) => ({ variant, ...measure(dir, variant) }));
  const base = results[1]!;
  console.log(`50-field form request, best of ${RUNS} tsc runs (CPU of the whole program; baseline = src/ alone):`);
  for (const r of results) {
    const pct = ((r.cpu / base.cpu - 1) * 100).toFixed(0);
    console.log(
      `${r.variant.padEnd(8)} ${r.cpu.toFixed(2)} s (${pct.startsWith('-') ? pct : `+${pct}`}% of untyped)  types ${r.types}  instantiations ${r.instantiations}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
