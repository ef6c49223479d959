/**
 * SPEC rule 12 as a boot-time check: a URL signature never covers the body,
 * so a route behind the `signed` middleware must select its action in the
 * query. These helpers let the application find such routes and refuse them
 * with a LogicException when `action_source` is `body` or `both`.
 */
import { LogicException } from '../errors/logic-exception.js';
import { ValidateSignature } from './validate-signature.js';

/**
 * True when a middleware spec (or an alias target) is the signature check:
 * the `signed` alias with or without parameters (`signed:relative`), or
 * `ValidateSignature` and its subclasses.
 */
export function isSignatureMiddleware(spec: unknown, alias = 'signed'): boolean {
  if (typeof spec === 'string') return spec === alias || spec.startsWith(alias + ':');
  return typeof spec === 'function' && (spec === ValidateSignature || spec.prototype instanceof ValidateSignature);
}

/**
 * Throws when a signed route would select its action from the body.
 *
 * @throws LogicException unless `actionSource` is `query`.
 */
export function assertSignedRouteSelectsByQuery(path: string, actionSource: string): void {
  if (actionSource === 'query') return;
  throw new LogicException(
    `Route "${path}" uses the signed middleware, but action_source is "${actionSource}": ` +
      'a URL signature does not cover the body, so signed routes must select their action in the query ' +
      '(set action_source to "query").',
  );
}
