import type { ErrorRenderer } from '../http/compose.js';
import { HttpError, AuthorizationError } from '../errors/http-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { messageOf, publishError, publishFormRequest } from './channels.js';

/**
 * The application's error renderer, publishing what an error says of a
 * request being published: a refused or invalid form request, or an
 * unexpected error (a 500). Unobserved requests are rendered as they were.
 */
export function publishingErrors(render: ErrorRenderer): ErrorRenderer {
  return (error, request) => {
    if (messageOf(request) !== undefined) {
      if (error instanceof ValidationError) publishFormRequest(request, { outcome: 'invalid', errors: countMessages(error) });
      else if (error instanceof AuthorizationError) publishFormRequest(request, { outcome: 'unauthorized' });
      else if (!(error instanceof HttpError)) publishError(request, error);
    }
    return render(error, request);
  };
}

function countMessages(error: ValidationError): number {
  let count = 0;
  for (const messages of Object.values(error.errors)) count += messages.length;
  return count;
}
