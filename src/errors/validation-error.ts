import { HttpError } from './http-error.js';

/** Field name (dot path) to its messages, in rule order. */
export type ValidationMessages = Record<string, string[]>;

/**
 * 422: the form request's rules failed. The body mirrors the host framework:
 * `{"message": "<first> (and N more errors)", "errors": {field: [...]}}`.
 */
export class ValidationError extends HttpError {
  readonly errors: ValidationMessages;

  constructor(errors: ValidationMessages) {
    super(422, summarise(errors));
    this.errors = errors;
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
  if (first === undefined) return 'The given data was invalid.';
  const more = count - 1;
  if (more === 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
