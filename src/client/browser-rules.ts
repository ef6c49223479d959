/**
 * The server's rules in the browser: the document `switchyard rules` writes,
 * compiled per action (on first use) by the validation core's
 * `compileValidator`, which the application passes in so that the client
 * alone stays small. Fields whose rules need the server (database, files,
 * DNS, passwords, closures, rule objects), and whole sets the server decides
 * per request, are left to a Precognition request.
 */
import type { ActionRuleSet, RuleSetsDocument } from '../typing/rule-sets.js';
import { normaliseJson } from './normalise-input.js';

/** Field name (dot path) → its messages, in rule order. */
export type FieldMessages = Record<string, string[]>;

/** What a compiled validator of the core answers. */
type CoreOutcome = { readonly ok: true } | { readonly ok: false; readonly errors: FieldMessages };

/**
 * What the client needs of the validation core's `compileValidator`
 * (`switchyard-http/validation`): pass that function itself.
 */
export type RuleCompiler = (
  rules: Record<string, readonly string[]>,
  options: {
    owner: string;
    messages?: ActionRuleSet['messages'];
    attributes?: ActionRuleSet['attributes'];
    stopOnFirstFailure?: boolean;
  },
) => {
  validate(input: Record<string, unknown>, only?: readonly string[]): CoreOutcome | PromiseLike<CoreOutcome>;
  readonly async: boolean;
};

/** What the browser found, and what is left to ask the server. */
export interface BrowserCheck {
  /** The errors of the fields checked here. */
  readonly errors: FieldMessages;
  /** Ask the server by Precognition: undefined when nothing is left to it; `only` undefined for every field. */
  readonly ask: { readonly only: readonly string[] | undefined } | undefined;
}

/** One action's rules, compiled on first use. */
export class ActionRules {
  readonly #set: ActionRuleSet;
  readonly #compile: RuleCompiler;
  /** Rule keys checked by the server, and by the browser. */
  readonly #serverKeys: string[] = [];
  readonly #browserKeys: string[] = [];
  #validator: ReturnType<RuleCompiler> | null | undefined;

  constructor(set: ActionRuleSet, compile: RuleCompiler) {
    this.#set = set;
    this.#compile = compile;
    const keys = Object.keys(set.rules);
    const server = Object.keys(set.server);
    // A key that can name the same attribute as a server key: its rules meet at that attribute on the server.
    for (const key of keys) (server.some((other) => overlaps(key, other)) ? this.#serverKeys : this.#browserKeys).push(key);
    for (const key of server) if (!keys.includes(key)) this.#serverKeys.push(key);
  }

  /** The field order of the server's answer: by rule key, as written in `rules()`. */
  get keys(): readonly string[] {
    return Object.keys(this.#set.rules);
  }

  /**
   * Checks `body` (the JSON the client sends) with the rules the browser can
   * run, for the fields `only` names (all when undefined), and says what is
   * left to the server.
   */
  async check(body: unknown, only: readonly string[] | undefined): Promise<BrowserCheck> {
    const validator = this.#compiled();
    if (validator === null || body === null || typeof body !== 'object' || Array.isArray(body)) return { errors: {}, ask: { only } };
    const input = normaliseJson(JSON.parse(JSON.stringify(body)) as Record<string, unknown>, this.#set.input);
    const server = this.#serverKeys;
    let local: readonly string[] | undefined;
    let remote: readonly string[] | undefined;
    if (only === undefined) {
      local = server.length === 0 ? undefined : this.#browserKeys;
      remote = server.length === 0 ? undefined : server;
    } else {
      local = only.filter((name) => !server.some((key) => overlaps(name, key)));
      remote = only.filter((name) => server.some((key) => overlaps(name, key)));
      if (remote.length === 0) remote = undefined;
    }
    let errors: FieldMessages = {};
    if (local === undefined || local.length > 0) {
      let outcome: CoreOutcome;
      try {
        outcome = await validator.validate(input, local);
      } catch {
        // Input past the core's limits, or a rule it cannot run here: the server answers for everything.
        return { errors: {}, ask: { only } };
      }
      if (!outcome.ok) errors = outcome.errors;
    }
    return { errors, ask: remote === undefined ? undefined : { only: remote } };
  }

  /** The validator of the browser's part; null when the browser can check nothing of this set. */
  #compiled(): ReturnType<RuleCompiler> | null {
    if (this.#validator !== undefined) return this.#validator;
    const set = this.#set;
    this.#validator = null;
    if (set.serverOnly !== undefined || this.#browserKeys.length === 0) return null;
    // Stopping at the first failing field needs every field's answer, in order: the server has them all.
    if (set.stopOnFirstFailure && this.#serverKeys.length > 0) return null;
    // A server field keeps its other rules: what they tell (a date format, a numeric type) shapes rules that refer to it.
    const rules: Record<string, string[]> = {};
    for (const key of Object.keys(set.rules)) {
      const left = set.server[key] ?? [];
      rules[key] = set.rules[key]!.filter((rule) => !left.includes(rule));
    }
    try {
      const validator = this.#compile(rules, {
        owner: set.formRequest,
        messages: set.messages,
        attributes: set.attributes,
        stopOnFirstFailure: set.stopOnFirstFailure,
      });
      if (!validator.async) this.#validator = validator;
    } catch {
      // A rule this copy of the core does not know: the server checks it.
    }
    return this.#validator;
  }
}

/** True when two names (dot paths, `*` for one segment) can name the same attribute. */
function overlaps(a: string, b: string): boolean {
  const left = a.split('.');
  const right = b.split('.');
  return left.length === right.length && left.every((piece, i) => piece === right[i] || piece.includes('*') || right[i]!.includes('*'));
}

/** The server's rule sets, by the path the client calls: made by `compileRules`. */
export class BrowserRules {
  readonly #routes: RuleSetsDocument['routes'];
  readonly #compile: RuleCompiler;
  readonly #actions = new Map<string, ActionRules | undefined>();

  constructor(document: RuleSetsDocument, compile: RuleCompiler) {
    this.#routes = document.routes;
    this.#compile = compile;
  }

  /**
   * The errors the browser finds in a call's JSON `input` to action `name`
   * of the route at `path` (the client's URL without the action), or
   * undefined: none found, send it.
   */
  async callErrors(path: string, name: string, input: unknown): Promise<FieldMessages | undefined> {
    const checked = await this.action(pathnameOf(path), name)?.check(input, undefined);
    return checked !== undefined && hasErrors(checked.errors) ? checked.errors : undefined;
  }

  /**
   * A prediction for `input`: the browser's answer for the fields it can
   * check, the server's (`ask`, a Precognition request for the names it is
   * given, all when undefined) for the others, in the server's field order.
   */
  async predict(
    path: string,
    name: string,
    input: unknown,
    only: readonly string[] | undefined,
    ask: (only: readonly string[] | undefined) => Promise<FieldMessages>,
  ): Promise<FieldMessages> {
    const rules = this.action(pathnameOf(path), name);
    if (rules === undefined) return ask(only);
    const local = await rules.check(input, only);
    if (local.ask === undefined) return local.errors;
    const remote = await ask(local.ask.only);
    return hasErrors(local.errors) ? inRuleOrder({ ...local.errors, ...remote }, rules.keys) : remote;
  }

  /**
   * The rules of action `name` of the route at `pathname`: the route of that
   * path, else the longest route path it ends with (a prefix added in front
   * of the server, by a proxy). Undefined when the document has none.
   */
  action(pathname: string, name: string): ActionRules | undefined {
    const key = `${pathname}\n${name}`;
    if (this.#actions.has(key)) return this.#actions.get(key);
    let route = Object.hasOwn(this.#routes, pathname) ? pathname : undefined;
    if (route === undefined) {
      for (const path of Object.keys(this.#routes)) {
        if (path.startsWith('/') && pathname.endsWith(path) && (route === undefined || path.length > route.length)) route = path;
      }
    }
    const sets = route === undefined ? undefined : this.#routes[route]!;
    const set = sets !== undefined && Object.hasOwn(sets, name) ? sets[name] : undefined;
    const rules = set === undefined ? undefined : new ActionRules(set, this.#compile);
    this.#actions.set(key, rules);
    return rules;
  }
}

/**
 * The server's rules for the typed client to check input before it sends:
 * `document` is what `switchyard rules` writes, `compileValidator` the
 * validation core's (`switchyard-http/validation`).
 *
 * @example
 * import { compileValidator } from 'switchyard-http/validation';
 * import rules from './rules.json';
 * const api = createClient<Api>({ baseUrl: '/api', rules: compileRules(rules, compileValidator) });
 */
export function compileRules(document: RuleSetsDocument, compileValidator: RuleCompiler): BrowserRules {
  if (document?.switchyardRules !== 1 || typeof document.routes !== 'object' || document.routes === null) {
    throw new TypeError('compileRules: give the document `switchyard rules` writes ({ "switchyardRules": 1, "routes": ... }).');
  }
  if (typeof compileValidator !== 'function') {
    throw new TypeError("compileRules: give the validation core's compileValidator (from switchyard-http/validation).");
  }
  return new BrowserRules(document, compileValidator);
}

/** The path of a URL, absolute or relative to the page. */
function pathnameOf(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

function hasErrors(errors: FieldMessages): boolean {
  for (const _ in errors) return true;
  return false;
}

/** `errors` in the order of the server's answer: by the first rule key that names each field, unknown fields last. */
function inRuleOrder(errors: FieldMessages, keys: readonly string[]): FieldMessages {
  const rank = (field: string) => {
    const at = keys.findIndex((key) => overlaps(field, key));
    return at < 0 ? keys.length : at;
  };
  const sorted: FieldMessages = {};
  for (const field of Object.keys(errors).sort((a, b) => rank(a) - rank(b))) {
    Object.defineProperty(sorted, field, { value: errors[field], writable: true, enumerable: true, configurable: true });
  }
  return sorted;
}
