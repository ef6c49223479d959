import type { FormRequest } from './form-request.js';
import type { Concrete } from './container.js';

/** An HTTP method name in upper case. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | (string & {});

/** A form-request class. */
export type FormRequestClass = Concrete<FormRequest>;

/**
 * One named operation. Subclass it, set `methods` (default `['GET']`; GET
 * implies HEAD) and `precognition`, and implement `handle`.
 *
 * `handle` receives the validated form request when it declares one: by the
 * parameter type with the `@handles` decorator (TypeScript), or with the
 * static `formRequest` property (plain JavaScript). Otherwise it receives the
 * `Request`. It returns a plain value (200 JSON), a `JsonResponse`, or a
 * Promise of either.
 *
 * Actions are built once per application through the container (constructor
 * injection works), so keep request state in the form request, not on `this`.
 *
 * @example
 * class EchoAction extends Action {
 *   override methods = ['POST'];
 *   override precognition = true;
 *   @handles() handle(request: MessageRequest) { return request.validated(); }
 * }
 */
export abstract class Action {
  /** Methods the action accepts. Default `['GET']` (HEAD is implied by GET). */
  methods: readonly HttpMethod[] = ['GET'];
  /** True when the action answers Precognition (validation-only) requests. Default false. */
  precognition = false;
  /**
   * False keeps this action's input exactly as sent: no trimming, no `''` to
   * `null` (the `trim_strings` and `convert_empty_strings_to_null` options).
   * Default true.
   */
  normalizeInput = true;
  /** The form request `handle` receives, for code without decorator metadata. */
  static formRequest?: FormRequestClass;

  /** Runs the operation. The argument is the form request, or the `Request` when none is declared. */
  abstract handle(input: never): unknown;
}

/** A concrete action class. */
export type ActionClass = Concrete<Action> & { formRequest?: FormRequestClass };
