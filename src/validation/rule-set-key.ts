/**
 * A text that stands for everything a validator is compiled from (the rules,
 * messages, attributes and `stopOnFirstFailure`): two rule sets with the same
 * key compile to validators that validate alike, so one serves both.
 *
 * Rules are read the way the compiler reads them (`rule-parser.ts`): strings
 * as written, a built rule written as a string (`Rule.unique('users')
 * .ignore(5)`) as its string, a rule list as its rules, `Rule.enum` and
 * `Password` by their settings (`RULE_KEY`), a raw JSON Schema by its JSON.
 * What cannot be read — closures, custom rule objects, the conditions of
 * `Rule.requiredIf(fn)` — is keyed by identity: the same object again gives
 * the same key, and an object seen for the first time makes the set
 * uncacheable (`undefined`), so a closure made afresh by each `rules()` call
 * never fills a cache with sets that will not come back.
 */
import { CONDITIONAL_RULE, RULE_KEY, RULE_LIST, STRINGABLE_RULE, type CompileOptions, type KeyedRule, type RuleList } from './types.js';

/** How deep rule lists may nest before the key gives up (the compiler refuses deeper ones). */
const MAX_DEPTH = 8;

const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/**
 * One key being built: every text goes in with its length before it
 * (`5:max:5`), which needs no escaping and cannot run two texts together;
 * `fresh` says an object was seen for the first time.
 */
class KeyBuilder {
  key = '';
  fresh = false;

  text(value: string): void {
    this.key += `${value.length}:${value}`;
  }

  /** A one-letter mark of what comes next (`[`, `]`, `L`...): never a digit, so never taken for a length. */
  mark(tag: string): void {
    this.key += tag;
  }

  /** `#n`, the same for the same object; `lasting`: an object that lives as long as the program (a class). */
  identity(value: object, lasting = false): void {
    let id = identities.get(value);
    if (id === undefined) {
      identities.set(value, (id = ++lastIdentity));
      if (!lasting) this.fresh = true;
    }
    this.key += `#${id};`;
  }
}

/** The key of a rule set, or `undefined` when it holds an object never seen before (or cannot be read). */
export function ruleSetKey(rules: unknown, options: CompileOptions): string | undefined {
  if (rules === null || typeof rules !== 'object') return undefined;
  const b = new KeyBuilder();
  try {
    b.mark(options.stopOnFirstFailure === true ? 'T' : 'F');
    texts(b, options.messages);
    texts(b, options.attributes);
    for (const field of Object.keys(rules)) {
      b.text(field);
      fieldKey(b, (rules as Record<string, unknown>)[field]);
    }
  } catch {
    return undefined; // a getter that throws, a cycle in a schema: compiled as it is, never cached
  }
  return b.fresh ? undefined : b.key;
}

/** `messages()` / `attributes()`: name to text. */
function texts(b: KeyBuilder, map: Readonly<Record<string, unknown>> | undefined): void {
  if (map === undefined) {
    b.mark('-');
    return;
  }
  b.mark('{');
  for (const name of Object.keys(map)) {
    b.text(name);
    const value = map[name];
    if (typeof value === 'string') b.text(value);
    else {
      b.mark('J');
      b.text(String(JSON.stringify(value)));
    }
  }
  b.mark('}');
}

function fieldKey(b: KeyBuilder, rules: unknown): void {
  if (typeof rules === 'string') {
    b.mark('s');
    b.text(rules);
  } else if (Array.isArray(rules)) {
    b.mark('[');
    for (const rule of rules) ruleKey(b, rule, 0);
    b.mark(']');
  } else ruleKey(b, rules, 0);
}

/** In the order `rule-parser.ts` tells rules apart. */
function ruleKey(b: KeyBuilder, rule: unknown, depth: number): void {
  if (typeof rule === 'string') {
    b.mark('s');
    b.text(rule);
    return;
  }
  if (typeof rule === 'function') {
    b.mark('f');
    b.identity(rule);
    return;
  }
  if (rule === null || typeof rule !== 'object') {
    b.mark('p');
    b.text(`${typeof rule}:${String(rule)}`);
    return;
  }
  if (RULE_LIST in rule && depth < MAX_DEPTH) {
    b.mark('L');
    for (const inner of (rule as RuleList)[RULE_LIST]()) ruleKey(b, inner, depth + 1);
    b.mark(']');
  } else if (CONDITIONAL_RULE in rule) {
    const { rule: text, when } = rule as unknown as { rule: unknown; when: unknown };
    b.mark('C');
    b.text(String(text));
    if (typeof when === 'object' || typeof when === 'function') b.identity(when as object);
    else b.mark('x');
  } else if (STRINGABLE_RULE in rule) {
    b.mark('S');
    b.text(String(rule));
  } else if (typeof (rule as Partial<KeyedRule>)[RULE_KEY] === 'function') {
    b.mark('K');
    b.identity(rule.constructor, true);
    b.text((rule as KeyedRule)[RULE_KEY]());
  } else if ('validate' in rule || Object.getPrototypeOf(rule) !== Object.prototype) {
    b.mark('o');
    b.identity(rule);
  } else {
    // A raw JSON Schema rule ({ schema, message }): plain data, compiled from its content.
    b.mark('J');
    b.text(JSON.stringify(rule));
  }
}
