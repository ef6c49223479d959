/**
 * Keeps the unit tier pure: in a unit worker, opening or listening on a
 * socket (TCP, UDP, Unix; so Redis, PostgreSQL, fetch and `app.listen()`),
 * a DNS query and starting a child process (a CLI, a browser) throw. A test
 * that needs one belongs in the integration tier: its file is named
 * `*.int.test.ts`. Without this, a socket test named `*.test.ts` would only
 * make the unit tier slower and flakier, silently.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

export class UnitTierViolation extends Error {
  constructor(what: string) {
    super(`a unit test ${what}: name its file *.int.test.ts to put it in the integration tier (docs/testing.md)`);
    this.name = 'UnitTierViolation';
  }
}

/** What was refused since the last call to `takeViolations()`: uvu hides an error thrown in a `before` hook. */
const violations = new Set<string>();

export function takeViolations(): string[] {
  const taken = [...violations];
  violations.clear();
  return taken;
}

function refuse(target: object, key: string, what: string): void {
  Object.defineProperty(target, key, {
    configurable: true,
    writable: true,
    value: () => {
      const violation = new UnitTierViolation(what);
      violations.add(violation.message);
      throw violation;
    },
  });
}

function refuseLookups(target: object, what: string): void {
  for (const key of Object.keys(target)) {
    if (/^(lookup|resolve|reverse)/.test(key) && typeof (target as Record<string, unknown>)[key] === 'function') {
      refuse(target, key, what);
    }
  }
}

export function installUnitGuard(): void {
  refuse(net.Server.prototype, 'listen', 'listens on a socket');
  refuse(net.Socket.prototype, 'connect', 'opens a socket');
  refuse(dgram.Socket.prototype, 'bind', 'opens a UDP socket');
  refuse(childProcess.ChildProcess.prototype, 'spawn', 'starts a child process');
  for (const key of ['spawnSync', 'execSync', 'execFileSync'] as const) refuse(childProcess, key, 'starts a child process');
  refuseLookups(dns, 'makes a DNS query');
  refuseLookups(dns.promises, 'makes a DNS query');
  for (const resolver of [dns.Resolver, dns.promises.Resolver]) {
    for (const key of Object.getOwnPropertyNames(resolver.prototype)) {
      if (/^(resolve|reverse)/.test(key)) refuse(resolver.prototype, key, 'makes a DNS query');
    }
  }
  syncBuiltinESMExports();
}
