import { LogicException } from '../errors/logic-exception.js';

/**
 * One dependency check of the health probe: resolves (to anything but
 * `false`) when the dependency is usable; throws, rejects or answers `false`
 * when it is not. `signal` aborts when the check's deadline passes.
 */
export type HealthCheckFunction = (signal: AbortSignal) => unknown;

/** A check with its own deadline, in ms. */
export interface HealthCheckDefinition {
  check: HealthCheckFunction;
  timeout?: number;
}

/** A check as the configuration resolved it: its deadline filled in. */
export interface ResolvedHealthCheck {
  readonly check: HealthCheckFunction;
  readonly timeout: number;
}

/** A check's deadline when it gives none, in ms. */
const DEFAULT_TIMEOUT = 2_000;

/** The `health_checks` option, each check with its deadline; a LogicException at boot for anything else. */
export function resolveHealthChecks(
  value: Record<string, HealthCheckFunction | HealthCheckDefinition> | undefined,
  health: string | undefined,
): ReadonlyMap<string, ResolvedHealthCheck> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LogicException('Invalid health_checks: give an object of named checks, e.g. { database: async () => db.ping() }.');
  }
  if (health === undefined) throw new LogicException('health_checks needs the health option: the path that answers them, e.g. "/up".');
  const checks = new Map<string, ResolvedHealthCheck>();
  for (const [name, entry] of Object.entries(value)) {
    const definition = typeof entry === 'function' ? { check: entry } : entry;
    if (typeof definition !== 'object' || definition === null || typeof definition.check !== 'function') {
      throw new LogicException(`Invalid health check "${name}": give a function, or { check, timeout }.`);
    }
    const timeout = definition.timeout ?? DEFAULT_TIMEOUT;
    if (!Number.isSafeInteger(timeout) || timeout < 1) {
      throw new LogicException(`Invalid timeout of the health check "${name}": it must be a whole number of ms ≥ 1.`);
    }
    checks.set(name, Object.freeze({ check: definition.check, timeout }));
  }
  return checks;
}
