import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from './http/request.js';
import { createBag, type InputBag } from './http/own.js';
import { dataGet } from './validation/data-get.js';
import { ValidatedInput } from './validation/validated-input.js';
import type { CustomMessages, RuleMap } from './validation/types.js';
import type { UploadedFile } from './http/uploaded-file.js';
import type { InferValidated } from './typing/rules.js';
import type { AfterHook, Validator } from './validation/validator.js';

const REQUEST = Symbol('request');
const VALIDATED = Symbol('validated');

/**
 * A request with its own authorization and validation, as the host
 * framework's FormRequest. Switchyard runs, in order: `prepareForValidation()`
 * → `authorize()` (false: 403) → the compiled `rules()` (failure: 422) →
 * `passedValidation()`, then hands the object to the action's `handle`.
 *
 * `rules()`, `messages()`, `attributes()` and `stopOnFirstFailure` are read
 * once per class, when the route is registered, and compiled to a validator:
 * they must not depend on the request.
 *
 * @example
 * class MessageRequest extends FormRequest {
 *   override rules() { return { message: 'required|string|max:255' }; }
 * }
 */
export abstract class FormRequest {
  /** Stop validating at the first failing field. */
  stopOnFirstFailure = false;

  [REQUEST]!: Request;
  [VALIDATED]: InputBag | undefined;

  /** Whether the caller may make this request. Default true. May be async. */
  authorize(): boolean | Promise<boolean> {
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
  get request(): Request {
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

  /** All input: body over query, and the uploaded files over both at their paths (what `rules()` validate). */
  all(): InputBag {
    return this[REQUEST].all();
  }

  /** One input value (body over query, dot paths allowed). */
  input(key: string, fallback?: unknown): unknown {
    return this[REQUEST].input(key, fallback);
  }

  /** True when the input has `key`. */
  has(key: string): boolean {
    return this[REQUEST].input(key) !== undefined;
  }

  /** The query string values, or one of them. */
  query(): InputBag;
  query(key: string): unknown;
  query(key?: string): unknown {
    return key === undefined ? this[REQUEST].query() : this[REQUEST].query(key);
  }

  /** The body values, or one of them. */
  body(): InputBag;
  body(key: string): unknown;
  body(key?: string): unknown {
    return key === undefined ? this[REQUEST].body() : this[REQUEST].body(key);
  }

  /** Adds or replaces body input, e.g. in `prepareForValidation()`. */
  merge(values: InputBag): void {
    const next: InputBag = createBag();
    const body = this[REQUEST].body();
    for (const key in body) next[key] = body[key];
    for (const key in values) if (key !== '__proto__') next[key] = values[key];
    this[REQUEST].replaceBody(next);
  }

  /** The first uploaded file under `field` (multipart bodies). */
  file(field: string): UploadedFile | undefined {
    return this[REQUEST].file(field);
  }

  /** All uploaded files under `field`. */
  files(field: string): readonly UploadedFile[] {
    return this[REQUEST].files(field);
  }

  /** Every uploaded file at its bracket-parsed path (`photos[]` → `photos: [file, file]`), as Laravel's `allFiles()`. */
  allFiles(): InputBag {
    return this[REQUEST].allFiles();
  }

  /** Request headers (lower-case names). */
  get headers(): IncomingHttpHeaders {
    return this[REQUEST].headers;
  }

  /** One header value. */
  header(name: string): string | undefined {
    return this[REQUEST].header(name);
  }

  /** One request attribute, e.g. `svc.action`. */
  attribute(name: string): unknown {
    return this[REQUEST].attributes.get(name);
  }

  /** The HTTP method. */
  method(): string {
    return this[REQUEST].method;
  }
}

/** @internal Connects a new form request to its request. */
export function bindRequest(form: FormRequest, request: Request): void {
  form[REQUEST] = request;
}

/** @internal Stores the validated data. */
export function setValidated(form: FormRequest, data: InputBag): void {
  form[VALIDATED] = data;
}
