import { AuthorizationError } from './http-error.js';

/**
 * What `authorize()` may answer instead of a boolean: Laravel's
 * `Illuminate\Auth\Access\Response`, named so it does not hide the Fetch
 * API's global `Response`. A denial says why (its message is the body's) and
 * may carry its own status (`denyWithStatus`, `denyAsNotFound`).
 *
 * @example
 * override authorize() {
 *   if (this.post.ownerId !== this.user().id) return AuthorizationResponse.denyAsNotFound();
 *   return AuthorizationResponse.allow();
 * }
 */
export class AuthorizationResponse {
  readonly #allowed: boolean;
  readonly #message: string | null;
  readonly #code: unknown;
  #status: number | null = null;

  constructor(allowed: boolean, message: string | null = '', code: unknown = null) {
    this.#allowed = allowed;
    this.#message = message;
    this.#code = code;
  }

  /** Lets the request through. */
  static allow(message: string | null = null, code: unknown = null): AuthorizationResponse {
    return new this(true, message, code);
  }

  /** Refuses the request: 403 with `message` (default `This action is unauthorized.`). */
  static deny(message: string | null = null, code: unknown = null): AuthorizationResponse {
    return new this(false, message, code);
  }

  /** Refuses the request with `status`: the body's message is `message`, or the status text. */
  static denyWithStatus(status: number, message: string | null = null, code: unknown = null): AuthorizationResponse {
    return this.deny(message, code).withStatus(status);
  }

  /** Refuses the request as if it did not exist: 404, `message` or `Not Found`. */
  static denyAsNotFound(message: string | null = null, code: unknown = null): AuthorizationResponse {
    return this.denyWithStatus(404, message, code);
  }

  allowed(): boolean {
    return this.#allowed;
  }

  denied(): boolean {
    return !this.#allowed;
  }

  message(): string | null {
    return this.#message;
  }

  /** Laravel's code: the reason of the denial, for your own code; never sent. */
  code(): unknown {
    return this.#code;
  }

  /** The status a denial answers with; `null` is 403. */
  status(): number | null {
    return this.#status;
  }

  /** Sets the status a denial answers with (`null`: 403). */
  withStatus(status: number | null): this {
    this.#status = status;
    return this;
  }

  /** A denial answers 404. */
  asNotFound(): this {
    return this.withStatus(404);
  }

  /** Returns this response when it allows; throws its `AuthorizationError` when it denies. */
  authorize(): this {
    if (this.denied()) throw new AuthorizationError(this.#message, this.#code).setResponse(this).withStatus(this.#status);
    return this;
  }

  toArray(): { allowed: boolean; message: string | null; code: unknown } {
    return { allowed: this.#allowed, message: this.#message, code: this.#code };
  }

  toString(): string {
    return this.#message ?? '';
  }
}
