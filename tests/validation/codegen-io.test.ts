import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PresenceVerifier } from '../../src/database/presence-verifier.js';
import { presenceKey, type PresenceValue } from '../../src/database/presence-value.js';
import { PresentValues } from '../../src/database/present-values.js';
import { compileFastPath } from '../../src/validation/codegen/fast-path.js';
import { buildPlan } from '../../src/validation/plan.js';
import { DnsResolver } from '../../src/validation/services/dns-resolver.js';
import type { RuleMap } from '../../src/validation/types.js';
import { TableDnsResolver, contextWith } from '../helpers/validation-context.js';
import { pair } from './codegen-outcome.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Rule sets with input/output (`exists`, `unique`, `email:dns`,
 * `active_url`): their prefetches run first, as for the interpreter, and the
 * generated code calls the checks they resolved to. Generated and
 * interpreted answers compared on seeded random inputs.
 */
const io = suite('generated validators with rules that have input/output');

/** A table of rows: a value exists when it is in `present` (by its string form). */
class SetVerifier extends PresenceVerifier {
  constructor(private readonly present: ReadonlySet<string>) {
    super();
  }
  getCount(_c: string, _col: string, value: PresenceValue): number {
    return this.present.has(presenceKey(value)) ? 1 : 0;
  }
  getMultiCount(_c: string, _col: string, values: readonly PresenceValue[]): number {
    return new Set(values.map(presenceKey).filter((k) => this.present.has(k))).size;
  }
  getPresentValues(_c: string, _col: string, values: readonly PresenceValue[]): PresentValues {
    return new PresentValues(values.map(presenceKey).filter((k) => this.present.has(k)));
  }
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const RULE_SETS: readonly RuleMap[] = [
  { user_id: 'required|integer|exists:users,id' },
  { user_id: 'nullable|exists:users,id', name: 'required|string|max:5' },
  { items: 'required|array', 'items.*.id': 'required|exists:items,id', 'items.*.name': 'string' },
  { 'items.*.id': 'bail|integer|exists:items,id|distinct' },
  { email: 'required|email:dns|unique:users,email', name: 'string' },
  { site: 'sometimes|active_url', 'items.*.id': 'exists:items,id' },
  { email: 'email:dns', items: 'array', 'items.*.name': 'required|string' },
];

const IDS: readonly unknown[] = [1, 2, 3, '1', '2', 7, null, '', 'x', [1, 2]];
const EMAILS: readonly unknown[] = ['a@mail.test', 'b@none.test', 'not email', '', null, 5];
const SITES: readonly unknown[] = ['https://mail.test/x', 'https://none.test', 'nope', ''];

function input(next: () => number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (next() < 0.9) data['user_id'] = pick(next, IDS);
  if (next() < 0.9) data['name'] = pick(next, ['ab', 'abcdef', 1, null]);
  if (next() < 0.9) data['email'] = pick(next, EMAILS);
  if (next() < 0.7) data['site'] = pick(next, SITES);
  if (next() < 0.9) {
    data['items'] = Array.from({ length: Math.floor(next() * 4) }, () => {
      const item: Record<string, unknown> = {};
      if (next() < 0.9) item['id'] = pick(next, IDS);
      if (next() < 0.8) item['name'] = pick(next, ['n', 3]);
      return item;
    });
  }
  return data;
}

io('every rule set here is generated', () => {
  for (const rules of RULE_SETS) assert.ok(compileFastPath(rules, buildPlan(rules, { owner: 'R' })) !== null, JSON.stringify(rules));
});

io('random inputs (seeded): the same answers', async () => {
  const next = seededRandom(11);
  const context = contextWith([
    [PresenceVerifier, new SetVerifier(new Set(['1', '2', '3', 'b@none.test']))],
    [DnsResolver, new TableDnsResolver({ 'mail.test MX': ['mx.mail.test'], 'mail.test A': ['192.0.2.1'] })],
  ]);
  let valid = 0;
  for (const rules of RULE_SETS) {
    const p = pair(rules);
    for (let i = 0; i < 40; i++) if (await p.sameWith(input(next), context)) valid++;
  }
  assert.ok(valid > 30, `only ${valid} valid inputs`);
});

io.run();
