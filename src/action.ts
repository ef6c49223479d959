import type { FormRequest } from './form-request.js';
import type { Concrete } from './container.js';
import type { MiddlewareFunction } from './http/middleware.js';

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
 * `HttpRequest`. It returns a plain value (200 JSON), a `JsonResponse`, or a
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
  /**
   * Middleware this action alone runs behind, after its route's and before
   * its body is read: functions, classes, aliases with parameters
   * (`'throttle:uploads'`), group names. Checked at boot.
   */
  static middleware?: readonly ActionMiddleware[];
  /** This action's largest body, in bytes, instead of the application's `body_limit` (larger or smaller). */
  static bodyLimit?: number;
  /** This action's own handler deadline, in ms, from its selection (503 past it, and `request.signal` aborts). */
  static timeout?: number;
  /**
   * Rate limiting for this action alone: a named limiter (`app.rateLimiter.for('otp', ...)`; actions that
   * name the same limiter count together), a `Limit`, or a function of the request returning one.
   */
  static throttle?: ActionThrottle;

  /** Runs the operation. The argument is the form request, or the `HttpRequest` when none is declared. */
  abstract handle(input: never): unknown;
}

/** How an action names a middleware of its own: as a route does. */
export type ActionMiddleware = MiddlewareFunction | string | (new (...args: never[]) => { handle(...args: never[]): unknown });

/**
 * An action's `throttle`: a named limiter, or a limit counted for this action alone
 * (a `Limit`, or a function of the request returning what a named limiter's callback returns).
 */
export type ActionThrottle = string | { readonly maxAttempts: number; readonly decaySeconds: number } | ((request: never) => unknown);

/** A concrete action class. */
export type ActionClass = Concrete<Action> & {
  formRequest?: FormRequestClass;
  middleware?: readonly ActionMiddleware[];
  bodyLimit?: number;
  timeout?: number;
  throttle?: ActionThrottle;
};
