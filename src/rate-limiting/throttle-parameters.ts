/**
 * The parameters of `throttle:60,1,prefix`, read as Laravel's
 * `ThrottleRequests::handle($request, $next, $maxAttempts = 60,
 * $decayMinutes = 1, $prefix = '')` reads them, once per parameter list.
 */
import { LogicException } from '../errors/logic-exception.js';

/** A fixed limit from the route: `throttle:max,minutes,prefix`. */
export interface FixedThrottle {
  /**
   * Attempts allowed to a caller without a user; a name (`throttle:rate_limit,1`)
   * is an attribute of the authenticated user that holds the number.
   */
  readonly maxAttempts: number | string;
  /** Attempts allowed to an authenticated caller (`throttle:10|60,1`: 10 for guests, 60 for users), or a user attribute's name. */
  readonly userMaxAttempts: number | string;
  readonly decaySeconds: number;
  /** Put before the request signature: routes with different prefixes count apart. */
  readonly prefix: string;
}

/**
 * Reads `[maxAttempts = '60', decayMinutes = '1', prefix = '']`.
 * `maxAttempts` may be `guest|user`, and either may be the name of an
 * attribute of the authenticated user (read per request, as Laravel's
 * `resolveMaxAttempts`); minutes may be a decimal (`0.5`: 30 s).
 *
 * @throws LogicException for a negative limit or a decay that is not a number.
 */
export function parseThrottleParameters(params: readonly string[]): FixedThrottle {
  const [max = '60', minutes = '1', prefix = ''] = params;
  const pipe = max.indexOf('|');
  const guest = pipe === -1 ? max : max.slice(0, pipe);
  const user = pipe === -1 ? max : max.slice(pipe + 1);
  const maxAttempts = attempts(guest, max);
  const userMaxAttempts = attempts(user, max);
  const decay = numeric(minutes);
  if (decay === undefined || decay < 0) {
    throw new LogicException(`Invalid throttle decay "${minutes}": give the window in minutes, e.g. throttle:60,1.`);
  }
  return { maxAttempts, userMaxAttempts, decaySeconds: 60 * decay, prefix };
}

function attempts(value: string, whole: string): number | string {
  const number = numeric(value);
  // Not a number: the name of the user's attribute that holds the limit (checked per request).
  if (number === undefined) {
    if (value.trim() === '') throw new LogicException(`Rate limiter [${whole}] is not defined.`);
    return value;
  }
  if (number < 0) throw new LogicException(`Rate limiter [${whole}] is not defined.`);
  return Math.trunc(number); // PHP's (int)
}

/** PHP's `is_numeric` for the forms that matter here: optional sign, digits, a decimal part, an exponent. */
export function numeric(value: string): number | undefined {
  const text = value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}
