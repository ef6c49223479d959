/**
 * A form request's rules as data for the browser (`ActionRuleSet`): each
 * rule in Laravel's string form, and which rules need the server. The typed
 * client compiles the rest with the validation core and checks input before
 * it sends; the server's classes are never bundled. Built once per class.
 */
import type { FormRequestClass } from '../action.js';
import type { FormRequestPlan } from '../routing/action-table.js';
import { formDefinition } from './form-definition.js';
import { parseFieldRules } from '../validation/rule-parser.js';
import type { FieldRules } from '../validation/types.js';
import type { SwitchyardConfig } from '../config.js';
import type { ActionRuleSet, InputNormalisation, RuleSetMessage } from '../typing/rule-sets.js';

/** What an application does to input before validation, as far as data can say it (`request`: it decides per request). */
export type Normalisation = InputNormalisation | 'request';

const NOTHING_DONE: InputNormalisation = { trim: false, trimExcept: [], emptyToNull: false };

/** The application's `trim_strings` and `convert_empty_strings_to_null`, as data. Once per document. */
export function normalisationOf(config: Pick<SwitchyardConfig, 'trim_strings' | 'convert_empty_strings_to_null'>): Normalisation {
  const trim = config.trim_strings;
  const convert = config.convert_empty_strings_to_null;
  if ((trim !== false && trim.skip_when.length > 0) || (convert !== false && convert.skip_when.length > 0)) return 'request';
  return { trim: trim !== false, trimExcept: trim === false ? [] : [...trim.except], emptyToNull: convert !== false };
}

const sets = new WeakMap<FormRequestClass, Omit<ActionRuleSet, 'input'>>();

/** The rule set of an action with this form request, as data (`normalizeInput`: the action's own switch). */
export function actionRuleSet(form: FormRequestPlan, normalizeInput: boolean, normalisation: Normalisation): ActionRuleSet {
  let set = sets.get(form.cls);
  if (set === undefined) {
    set = readRuleSet(form);
    sets.set(form.cls, set);
  }
  if (!normalizeInput) return { ...set, input: NOTHING_DONE };
  if (normalisation === 'request') return { ...set, rules: {}, server: {}, serverOnly: 'request', input: NOTHING_DONE };
  return { ...set, input: normalisation };
}

function readRuleSet(form: FormRequestPlan): Omit<ActionRuleSet, 'input'> {
  const formRequest = form.cls.name;
  const serverOnly = form.validator === undefined ? 'request' : form.hooked ? 'hooks' : undefined;
  const { rules, options } = formDefinition(form.cls, form.create);
  // Rules read per request, hooks, or texts that need a request to be read: the browser can check none of it.
  if (serverOnly !== undefined || options === undefined) {
    return {
      formRequest,
      rules: {},
      server: {},
      messages: {},
      attributes: {},
      stopOnFirstFailure: false,
      serverOnly: serverOnly ?? 'request',
    };
  }
  // What the compiled validator says only a server can check (database, files and sizes on file fields, DNS, passwords...).
  const listed = new Map<string, Set<string>>();
  for (const { field, rule } of form.validator?.serverRules ?? [])
    (listed.get(field) ?? listed.set(field, new Set()).get(field)!).add(rule);
  const strings: Record<string, string[]> = {};
  const server: Record<string, string[]> = {};
  for (const field of Object.keys(rules)) {
    const split = splitField(rules[field]!, listed.get(field));
    strings[field] = split.strings;
    if (split.server.length > 0) server[field] = split.server;
  }
  return {
    formRequest,
    rules: strings,
    server,
    // As JSON: a value that is no text (a function by mistake) is dropped rather than failing the document.
    messages: JSON.parse(JSON.stringify(options.messages ?? {})) as Record<string, RuleSetMessage>,
    attributes: { ...options.attributes },
    stopOnFirstFailure: options.stopOnFirstFailure === true,
  };
}

/** A field's rules in string form, and those of them (or the rules without one) that need the server. */
function splitField(rules: FieldRules, listed: ReadonlySet<string> | undefined): { strings: string[]; server: string[] } {
  const strings: string[] = [];
  const server: string[] = [];
  for (const rule of parseFieldRules(rules)) {
    if (rule.kind !== 'named') {
      server.push(rule.kind === 'closure' ? 'closure' : rule.raw);
    } else if (rule.when !== undefined) {
      // `Rule.requiredIf(fn)`: its condition is a function of the input, which only the server has.
      server.push(`${rule.name} (conditional)`);
    } else {
      strings.push(rule.raw);
      if (listed?.has(rule.raw) === true) server.push(rule.raw);
    }
  }
  return { strings, server };
}
