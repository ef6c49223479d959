import type { ActionClass, ActionMiddleware, ActionThrottle } from '../action.js';
import { LogicException } from '../errors/logic-exception.js';

/** What an action declares for itself alone (its statics), checked when its controller is registered. */
export interface ActionPolicy {
  /** Its own middleware, its throttle last, run after the route's and before its body is read. */
  readonly middleware: readonly ActionMiddleware[];
  /** Its largest body in bytes, when not the application's `body_limit`. */
  readonly bodyLimit: number | undefined;
  /** Its handler deadline in ms, from its selection. */
  readonly timeout: number | undefined;
  /**
   * Its throttle when it is a limit of its own (a `Limit` or a function): the named limiter the
   * rate-limiting provider registers at boot under `name`. A throttle naming a limiter has none.
   */
  readonly ownLimiter: { readonly name: string; readonly limit: Exclude<ActionThrottle, string> } | undefined;
}

/** The policy of an action that declares none. */
export const NO_POLICY: ActionPolicy = Object.freeze({ middleware: [], bodyLimit: undefined, timeout: undefined, ownLimiter: undefined });

/** Reads and checks `middleware`, `bodyLimit`, `timeout` and `throttle` of an action class. */
export function actionPolicy(owner: string, name: string, cls: ActionClass): ActionPolicy {
  const { middleware, bodyLimit, timeout, throttle } = cls;
  if (middleware === undefined && bodyLimit === undefined && timeout === undefined && throttle === undefined) return NO_POLICY;
  const where = `${owner}: the action "${name}" (${cls.name})`;
  if (middleware !== undefined && !Array.isArray(middleware)) {
    throw new LogicException(`${where} declares static middleware that is not a list.`);
  }
  const own = [...(middleware ?? [])];
  let ownLimiter: ActionPolicy['ownLimiter'];
  if (throttle !== undefined) {
    if (typeof throttle === 'string' && throttle !== '') own.push(`throttle:${throttle}`);
    else if (typeof throttle === 'function' || isLimit(throttle)) {
      ownLimiter = { name: `${owner}.${name}`, limit: throttle as Exclude<ActionThrottle, string> };
      own.push(`throttle:${ownLimiter.name}`);
    } else {
      throw new LogicException(`${where} declares a throttle that is neither a limiter name, a Limit nor a function returning one.`);
    }
  }
  return Object.freeze({
    middleware: Object.freeze(own),
    bodyLimit: wholeNumber(bodyLimit, `${where} declares bodyLimit`),
    timeout: wholeNumber(timeout, `${where} declares timeout`, 1),
    ownLimiter,
  });
}

function isLimit(value: unknown): boolean {
  const limit = value as { maxAttempts?: unknown; decaySeconds?: unknown } | null;
  return typeof limit === 'object' && limit !== null && typeof limit.maxAttempts === 'number' && typeof limit.decaySeconds === 'number';
}

function wholeNumber(value: unknown, what: string, least = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < least) {
    throw new LogicException(`${what} ${JSON.stringify(value)}: it must be a whole number ≥ ${least}.`);
  }
  return value as number;
}
