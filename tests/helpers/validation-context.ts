/**
 * A `ValidationContext` for validator-level tests of rules with
 * input/output: the given services by key (the fallback, else an error, for
 * the others, as the application's container does) and a request.
 */
import type { ServiceKey, ValidationContext } from '../../src/validation/rules/definition.js';
import type { DnsRecordType } from '../../src/validation/services/dns-resolver.js';
import { DnsResolver } from '../../src/validation/services/dns-resolver.js';
// The rules' input/output (uploads, DNS, bcrypt, ajv, the database) as the server registers it.
import '../../src/validation/server/register.js';

export function contextWith(services: ReadonlyArray<readonly [ServiceKey<unknown>, unknown]>, request: unknown = {}): ValidationContext {
  const bound = new Map<unknown, unknown>(services);
  return {
    service<T>(key: ServiceKey<T>, fallback?: () => T): T {
      if (bound.has(key)) return bound.get(key) as T;
      if (fallback !== undefined) return fallback();
      throw new Error(`unbound ${key.name}`);
    },
    request,
  };
}

/** A resolver answering from a table (`host TYPE` → records); names it lacks have none; `fail` names reject. */
export class TableDnsResolver extends DnsResolver {
  readonly asked: string[] = [];

  constructor(
    private readonly records_: Readonly<Record<string, readonly string[]>>,
    private readonly fail: readonly string[] = [],
  ) {
    super();
  }

  override async records(host: string, type: DnsRecordType): Promise<readonly string[]> {
    this.asked.push(`${host} ${type}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (this.fail.includes(host)) throw new Error(`lookup of ${host} failed`);
    return this.records_[`${host} ${type}`] ?? [];
  }
}
