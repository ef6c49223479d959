import { HttpError } from './http-error.js';

/** Field name (dot path) to its messages, in rule order. */
export type ValidationMessages = Record<string, string[]>;

/**
 * 422: the form request's rules failed. The body mirrors the host framework:
 * `{"message": "<first> (and N more errors)", "errors": {field: [...]}}`.
 * Throw one yourself with `withMessages`, and give it another status with
 * `withStatus` (Laravel's `ValidationException::withMessages()->status()`).
 *
 * @example
 * throw ValidationError.withMessages({ code: 'The code was already used.' }).withStatus(409);
 */
export class ValidationError extends HttpError {
  readonly errors: ValidationMessages;

  constructor(errors: ValidationMessages) {
    super(422, summarise(errors));
    this.errors = errors;
  }

  /** A validation error with these messages: one or a list per field (a repeated message is kept once per field). */
  static withMessages(messages: Readonly<Record<string, string | readonly string[]>>): ValidationError {
    const errors: ValidationMessages = {};
    for (const key of Object.keys(messages)) {
      const value = messages[key]!;
      const list: string[] = [];
      for (const message of typeof value === 'string' ? [value] : value) if (!list.includes(message)) list.push(message);
      // A key with no message is no error, as in Laravel (whose MessageBag adds per message).
      if (list.length > 0) Object.defineProperty(errors, key, { value: list, enumerable: true, writable: true, configurable: true });
    }
    return new ValidationError(errors);
  }

  /** Answers with `status` instead of 422 (Laravel's `status()`; here `status` is the number). Returns the error. */
  withStatus(status: number): this {
    (this as { status: number }).status = status;
    return this;
  }

  override toJSON(): Record<string, unknown> {
    return { message: this.message, errors: this.errors };
  }
}

function summarise(errors: ValidationMessages): string {
  let first: string | undefined;
  let count = 0;
  for (const key in errors) {
    for (const message of errors[key]!) {
      if (first === undefined) first = message;
      count++;
    }
  }
  // An array message (messages() gave one where a text was looked for) cannot lead the summary: Laravel's is_string check.
  if (first === undefined || typeof first !== 'string') return 'The given data was invalid.';
  const more = count - 1;
  if (more === 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
