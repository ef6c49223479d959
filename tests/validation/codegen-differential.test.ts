import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pair } from './codegen-outcome.js';
import type { RuleMap } from '../../src/validation/types.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * Generated code against the interpreter on seeded random rule sets and
 * inputs: the same `validated()` (key order too), the same errors, the same
 * limits. Deterministic: the seed is fixed.
 */
const differential = suite('generated validators answer as the interpreter');

const KEYS = [
  'name',
  'age',
  'title',
  'items',
  'items.*.name',
  'items.*.qty',
  'items.*.tags.*',
  'items.0.name',
  'items.*',
  'tags',
  'tags.*',
  'meta.a',
  'meta.b.c',
  'meta',
  'opts.*.v',
  '0',
  'a.0.b',
  '*.x',
];

/** Rules whose checks read only the value (walked in place), and rules that read other fields (expanded). */
const VALUE_RULES = [
  'required',
  'nullable',
  'sometimes',
  'bail',
  'string',
  'integer',
  'numeric',
  'boolean',
  'array',
  'list',
  'min:2',
  'max:3',
  'max:255',
  'between:1,5',
  'size:2',
  'in:a,b,1',
  'not_in:x',
  'filled',
  'present',
  'accepted',
  'alpha',
  'digits:2',
  'email',
  'date',
  'array:name,qty',
];
const FIELD_RULES = [
  'same:name',
  'required_with:name',
  'required_if:name,x',
  'distinct',
  'different:title',
  'gt:age',
  'prohibited_if:age,1',
];

const SCALARS: readonly unknown[] = [
  '',
  ' ',
  'a',
  'ab',
  'abc',
  'x',
  '1e3',
  ' 12',
  '12',
  '0',
  '1',
  'yes',
  '€€',
  '😀😀',
  'a@b.co',
  '2024-01-01',
  'x'.repeat(300),
  0,
  1,
  -1,
  1.5,
  1000,
  2 ** 53,
  true,
  false,
  null,
];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!;
}

function ruleSet(next: () => number): RuleMap {
  const rules: RuleMap = {};
  const fields = 1 + Math.floor(next() * 4);
  for (let f = 0; f < fields; f++) {
    const key = pick(next, KEYS);
    const count = 1 + Math.floor(next() * 4);
    const list: string[] = [];
    for (let r = 0; r < count; r++) list.push(next() < 0.85 ? pick(next, VALUE_RULES) : pick(next, FIELD_RULES));
    rules[key] = list.join('|');
  }
  return rules;
}

function value(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 2 || roll < 0.6) return pick(next, SCALARS);
  if (roll < 0.8) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
  const object: Record<string, unknown> = {};
  const names = ['name', 'qty', 'tags', 'v', 'x', 'a', 'b', 'c', '0', '1', 'k.dot'];
  for (let i = Math.floor(next() * 4); i > 0; i--) object[pick(next, names)] = value(next, depth + 1);
  return object;
}

/** An input shaped after the rule keys, so most rules meet values, with stray keys and junk. */
function input(next: () => number, rules: RuleMap): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(rules)) {
    if (next() < 0.15) continue;
    const segments = key.split('.');
    if (segments[0] === '*') {
      data[pick(next, ['p', 'q', 'name'])] = { x: value(next, 2) };
      continue;
    }
    let node: Record<string, unknown> = data;
    for (let i = 0; i < segments.length - 1; i++) {
      const seg = segments[i]!;
      if (segments[i + 1] === '*') {
        const items = Array.from({ length: Math.floor(next() * 4) }, () => {
          const rest = segments.slice(i + 2);
          if (rest.length === 0) return value(next, 2);
          const item: Record<string, unknown> = {};
          if (next() < 0.9) item[rest[0]!] = rest.length > 1 ? [pick(next, SCALARS), pick(next, SCALARS)] : pick(next, SCALARS);
          return item;
        });
        node[seg] = next() < 0.85 ? items : Object.fromEntries(items.map((it, k) => [`k${k}`, it]));
        break;
      }
      const child = node[seg];
      if (child === null || typeof child !== 'object' || Array.isArray(child)) node[seg] = seg === 'a' ? [{}] : {};
      node = (Array.isArray(node[seg]) ? (node[seg] as unknown[])[0] : node[seg]) as Record<string, unknown>;
      if (node === undefined || node === null || typeof node !== 'object') break;
    }
    const last = segments[segments.length - 1]!;
    if (last !== '*' && node !== null && typeof node === 'object' && !Array.isArray(node) && !(last in node)) {
      node[last] = next() < 0.8 ? pick(next, SCALARS) : value(next, 1);
    }
  }
  if (next() < 0.2) data[pick(next, ['name', 'title', 'items', 'tags'])] = value(next, 0);
  return data;
}

function hasDottedKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.keys(value).some((k) => k.includes('.') || hasDottedKey((value as Record<string, unknown>)[k]));
}

differential('random rule sets and inputs (seeded)', () => {
  const next = seededRandom(20261126);
  let covered = 0;
  let answered = 0;
  let runs = 0;
  for (let s = 0; s < 600; s++) {
    const rules = ruleSet(next);
    let p: ReturnType<typeof pair>;
    try {
      p = pair(rules);
    } catch {
      continue; // a rule set refused at boot (a bad parameter): both refuse it alike elsewhere
    }
    if (p.fast !== null) covered++;
    for (let i = 0; i < 25; i++) {
      const data = input(next, rules);
      runs++;
      const { valid, answered: fast } = p.same(data);
      if (fast) answered++;
      // Generated code leaves a valid input to the interpreter only for a key with a dot (or __proto__) under a `*`.
      if (p.fast !== null && valid && !fast && !hasDottedKey(data))
        assert.unreachable(`valid input not answered: rules ${JSON.stringify(rules)} on ${JSON.stringify(data)}`);
      if (i % 5 === 0) p.same(data, undefined, { max_validation_errors: 1, max_wildcard_items: 2 });
      if (i % 7 === 0) p.same(data, [pick(next, KEYS)]);
    }
  }
  // The comparison means something only if generated code ran often.
  assert.ok(covered > 300, `only ${covered} rule sets covered`);
  assert.ok(answered > runs / 10, `generated code answered only ${answered} of ${runs} runs`);
});

differential('the same answers with a form request’s messages, names and stopOnFirstFailure', () => {
  const next = seededRandom(7);
  for (let s = 0; s < 100; s++) {
    const rules = ruleSet(next);
    let p: ReturnType<typeof pair>;
    try {
      p = pair(rules, {
        messages: { required: 'Need :attribute.', 'items.*.name.max': 'Too long.' },
        attributes: { name: 'full name', 'items.*.name': 'item name' },
        stopOnFirstFailure: next() < 0.5,
      });
    } catch {
      continue;
    }
    for (let i = 0; i < 20; i++) p.same(input(next, rules));
  }
});

/** A rule and values that pass it. */
const TYPED: readonly (readonly [string, readonly unknown[]])[] = [
  ['string', ['a', 'hello']],
  ['integer', ['1', 2, ' 3']],
  ['array', [['a'], { k: 1 }]],
  ['max:3', ['ab', 3, [1]]],
  ['in:a,b,1', ['a', 1, '1']],
];

differential('rule sets of many fields, generated in several parts', () => {
  const next = seededRandom(42);
  for (let s = 0; s < 20; s++) {
    const rules: RuleMap = {};
    const valid = new Map<string, readonly unknown[]>();
    const fields = 20 + Math.floor(next() * 40);
    for (let f = 0; f < fields; f++) {
      const [rule, values] = pick(next, TYPED);
      const key = next() < 0.8 ? `f${f}` : `w${f}.*.name`;
      rules[key] = `${pick(next, ['required', 'nullable', 'sometimes', 'filled'])}|${rule}`;
      valid.set(key, values);
    }
    const p = pair(rules);
    assert.ok(p.fast !== null);
    let answered = 0;
    for (let i = 0; i < 30; i++) {
      const data: Record<string, unknown> = {};
      for (const [key, values] of valid) {
        const v = next() < 0.995 ? pick(next, values) : pick(next, SCALARS);
        if (key.includes('*')) data[key.split('.')[0]!] = [{ name: v }, { name: pick(next, values) }];
        else data[key] = v;
      }
      if (p.same(data).answered) answered++;
    }
    assert.ok(answered > 0, `rule set ${s}: generated code never answered`);
  }
});

differential.run();
