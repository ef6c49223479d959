/**
 * How a form-request class gets its validator, decided once when its first
 * route is registered. Its `rules()`, `messages()` and `attributes()` are
 * read from a sample instance bound to a probe that notes any use of the
 * request: when they do not use it (and the class does not ask for
 * `rulesPerRequest`), they are compiled once and every request uses that
 * validator, at no cost per request. When they use it, or throw without a
 * request (they read what `prepareForValidation()` sets), they are read on
 * each request, as the host framework does, and each distinct rule set is
 * compiled once (`RuleSetCache`).
 */
import type { FormRequestClass } from '../action.js';
import { bindRequest, type FormRequest } from '../form-request.js';
import type { HttpRequest } from '../http/request.js';
import { compileValidator } from '../validation/compiler.js';
import { RuleSetCache } from '../validation/rule-set-cache.js';
import type { CompileOptions, CompiledValidator, RuleMap } from '../validation/types.js';
// The rules' input/output (DNS, bcrypt, uploads, ajv, the database) is the server's: the core only defines the rules.
import '../validation/server/register.js';

/** A class's validator: one for every request, or one per request's rule set. */
export type FormRequestRules =
  | { readonly validator: CompiledValidator; readonly perRequest: undefined }
  | { readonly validator: undefined; readonly perRequest: (form: FormRequest) => CompiledValidator };

/** Reads the rules of `cls` from `sample` (a fresh instance, not bound to a request). */
export function readFormRequestRules(cls: FormRequestClass, sample: FormRequest): FormRequestRules {
  const owner = cls.name;
  if ((cls as { rulesPerRequest?: boolean }).rulesPerRequest !== true) {
    const probe = requestProbe();
    bindRequest(sample, probe.request);
    let rules: RuleMap | undefined;
    let options: CompileOptions | undefined;
    try {
      rules = sample.rules();
      options = optionsOf(owner, sample);
    } catch {
      // They read what a hook sets, or a service bound later: read them per request.
    }
    if (rules !== undefined && options !== undefined && !probe.used()) {
      return { validator: compileValidator(rules, options), perRequest: undefined };
    }
  }
  const cache = new RuleSetCache();
  return { validator: undefined, perRequest: (form) => cache.validatorFor(form.rules(), optionsOf(owner, form)) };
}

/**
 * What `sample` declares as far as it can be read without a request, for
 * documentation (OpenAPI, `switchyard rules`): its rules (`{}` when they
 * need a request to be read at all), and its messages, attributes and
 * `stopOnFirstFailure` (undefined when those need one).
 */
export function definitionWithoutRequest(
  cls: FormRequestClass,
  sample: FormRequest,
): { rules: RuleMap; options: CompileOptions | undefined } {
  bindRequest(sample, requestProbe().request);
  let rules: RuleMap;
  try {
    rules = sample.rules();
  } catch {
    return { rules: {}, options: undefined };
  }
  try {
    return { rules, options: optionsOf(cls.name, sample) };
  } catch {
    return { rules, options: undefined };
  }
}

function optionsOf(owner: string, form: FormRequest): CompileOptions {
  return { owner, messages: form.messages(), attributes: form.attributes(), stopOnFirstFailure: form.stopOnFirstFailure };
}

/**
 * A stand-in request that notes every operation on it (reading a property,
 * calling a method, checking a key...) and answers each as an empty object
 * would: `undefined`, so code that goes on with it usually throws, which
 * tells the same thing.
 */
function requestProbe(): { request: HttpRequest; used(): boolean } {
  let used = false;
  const traps = new Proxy({} as ProxyHandler<object>, {
    get(_handler, trap: keyof typeof Reflect) {
      return (...args: unknown[]) => {
        used = true;
        return (Reflect[trap] as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { request: new Proxy({}, traps) as HttpRequest, used: () => used };
}
