import type { Stage } from '../routing/exchange.js';

/**
 * After selection (svc routes) or first (plain routes): from here on, route
 * middleware, form requests, validation and handlers read the input trimmed
 * and with `''` as `null`, as after the host framework's `TrimStrings` and
 * `ConvertEmptyStringsToNull` (the `trim_strings` and
 * `convert_empty_strings_to_null` options). Selection has already read the
 * raw value (SPEC rule 2). An action with `normalizeInput = false` keeps
 * its input as sent. The work itself is done lazily, per bag, when first read.
 */
export const normaliseInput: Stage = (exchange) => {
  if (exchange.plan?.action.normalizeInput !== false) exchange.request.normaliseInput();
  return exchange.next();
};
