import type { IncomingHttpHeaders } from 'node:http';
import type { HttpRequest } from './http/request.js';
import type { InputBag } from './http/own.js';
import { REQUEST_ACCESSORS, type RequestAccessors } from './http/request/accessor-names.js';
import { dataGet } from './validation/data-get.js';
import { ValidatedInput } from './validation/validated-input.js';
import type { CustomMessages, RuleMap } from './validation/types.js';
import type { InferValidated } from './typing/rules.js';
import type { AfterHook, Validator } from './validation/validator.js';
import type { AuthorizationResponse } from './errors/authorization-response.js';

const REQUEST = Symbol('request');
const VALIDATED = Symbol('validated');

/**
 * A request with its own authorization and validation, as the host
 * framework's FormRequest. Switchyard runs, in order: `prepareForValidation()`
 * → `authorize()` (false or a denial: 403) → the compiled `rules()` (failure: 422) →
 * `passedValidation()`, then hands the object to the action's `handle`.
 *
 * `rules()`, `messages()`, `attributes()` and `stopOnFirstFailure` are read
 * once per class, when the route is registered, and compiled to a validator.
 * When they read the request (`this.input()`, `this.user()`,
 * `this.isPrecognitive()`...), or `rulesPerRequest` is set, they are read on
 * every request instead, after `authorize()`, as the host framework does;
 * each distinct rule set is compiled once (docs/form-requests.md).
 *
 * @example
 * class MessageRequest extends FormRequest {
 *   override rules() { return { message: 'required|string|max:255' }; }
 * }
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below lists the request accessors installed on the prototype.
export abstract class FormRequest {
  /**
   * True: read `rules()`, `messages()` and `attributes()` on every request
   * even though they do not read the request (they read the clock, or a
   * service whose answer changes). A form request whose rules read the
   * request is read per request without it.
   */
  static rulesPerRequest?: boolean;

  /** Stop validating at the first failing field. */
  stopOnFirstFailure = false;

  [REQUEST]!: HttpRequest;
  [VALIDATED]: InputBag | undefined;

  /**
   * Whether the caller may make this request: `true`, `false` (403), or an
   * `AuthorizationResponse` (a denial with its own message or status). May be
   * async. Default true.
   */
  authorize(): boolean | AuthorizationResponse | Promise<boolean | AuthorizationResponse> {
    return true;
  }

  /** Field (dot path, `*` wildcards) to rules: `'required|string|max:255'` or `['required', 'string']`. */
  rules(): RuleMap {
    return {};
  }

  /**
   * Custom messages keyed `field.rule`, `rule` or `field` (looked up in that
   * order), with `*` patterns; a field key may hold texts by rule
   * (`{ uuid: { required: '...' } }`), a size rule texts by kind of value
   * (`{ max: { string: '...', numeric: '...' } }`).
   */
  messages(): CustomMessages {
    return {};
  }

  /** Custom displayable names for fields, used as `:attribute`. */
  attributes(): Record<string, string> {
    return {};
  }

  /**
   * Hooks run after the rules, passed or not (Laravel 11's `after()`):
   * functions `(validator) => void` (or objects with `after(validator)`)
   * that may add messages with `validator.errors().add(field, message)`,
   * and may be async. A form request that overrides neither this nor
   * `withValidator` keeps the synchronous path.
   *
   * @example
   * override after() {
   *   return [(v: Validator) => { if (this.input('a') === this.input('b')) v.errors().add('b', 'Pick two different values.'); }];
   * }
   */
  after(): readonly AfterHook[] {
    return [];
  }

  /**
   * Called once per request, after authorization and before the rules run,
   * with the request's validator (Laravel's `withValidator`): add hooks with
   * `validator.after(...)`. May be async.
   */
  withValidator?(validator: Validator): void | Promise<void>;

  /** Runs before authorization; may rewrite the input with `merge()`. */
  prepareForValidation(): void | Promise<void> {}

  /** Runs after validation passed, before the handler. */
  passedValidation(): void | Promise<void> {}

  /** The underlying request. */
  get request(): HttpRequest {
    return this[REQUEST];
  }

  /**
   * The validated input (only fields that have rules), or one value of it:
   * `key` is a dot path read as the host framework's `data_get`
   * (`address.city`, `items.*.id`), and `fallback` answers an absent path.
   * Typed from the rules when `rules()` returns its object `as const`
   * (`{ message: string }`), else `Record<string, unknown>`. The type covers
   * all the rules let through: `integer` also passes `"2"`, and a field that
   * is not required may be `""` (docs/form-requests.md).
   */
  validated(): InferValidated<ReturnType<this['rules']>>;
  validated(key: string, fallback?: unknown): unknown;
  validated(key?: string, fallback?: unknown): unknown {
    const data = this[VALIDATED];
    if (data === undefined) throw new Error('validated() is only available after validation has passed.');
    return key === undefined ? data : dataGet(data, key, fallback);
  }

  /**
   * The validated input as Laravel's `safe()`: a `ValidatedInput` to read
   * by dot path (`safe().input('address.city')`) or narrow
   * (`safe().only(['name'])`, `safe().except(['password'])`); with keys,
   * `safe(['name', 'address.city'])` is `safe().only(...)`.
   */
  safe(): ValidatedInput;
  safe(keys: readonly string[]): InputBag;
  safe(keys?: readonly string[]): ValidatedInput | InputBag {
    const input = new ValidatedInput(this.validated() as InputBag);
    return keys === undefined ? input : input.only(keys);
  }

  /** Request headers (lower-case names). */
  get headers(): IncomingHttpHeaders {
    return this[REQUEST].headers;
  }

  /** One request attribute, e.g. `svc.action`. */
  attribute(name: string): unknown {
    return this[REQUEST].attributes.get(name);
  }

  /** True for a Precognition request (`Precognition: true`), as Laravel's `isPrecognitive()`. */
  isPrecognitive(): boolean {
    return this[REQUEST].isPrecognitive;
  }
}

/**
 * A form request also has every accessor of its request, under Laravel's
 * names (`only()`, `has()`, `boolean()`, `user()`, `expectsJson()`...; the
 * list is `REQUEST_ACCESSORS`): each is called on the underlying request.
 */
export interface FormRequest extends RequestAccessors {}

for (const name of REQUEST_ACCESSORS) {
  Object.defineProperty(FormRequest.prototype, name, {
    configurable: true,
    writable: true,
    value: function (this: FormRequest, ...args: unknown[]): unknown {
      const request = this[REQUEST];
      return (request[name] as (...args: unknown[]) => unknown).apply(request, args);
    },
  });
}

/** @internal Connects a new form request to its request. */
export function bindRequest(form: FormRequest, request: HttpRequest): void {
  form[REQUEST] = request;
}

/** @internal Stores the validated data. */
export function setValidated(form: FormRequest, data: InputBag): void {
  form[VALIDATED] = data;
}
