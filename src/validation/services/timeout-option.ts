import { LogicException } from '../../errors/logic-exception.js';

/**
 * A service's `timeout` option, checked when the service is made: a positive
 * whole number of milliseconds, or `fallback` when it is not given.
 */
export function timeoutOption(service: string, timeout: number | undefined, fallback: number): number {
  const value = timeout ?? fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new LogicException(`${service}: timeout must be a positive whole number of milliseconds, got ${String(value)}.`);
  }
  return value;
}
