import type { Container } from 'inversify';
import type { MiddlewareFunction, MiddlewareObject, Next } from '../http/middleware.js';
import type { HttpRequest } from '../http/request.js';
import { LogicException } from '../errors/logic-exception.js';
import { resolve } from '../container.js';

/** A middleware class: its instances have `handle(request, next, ...params)`. */
export type MiddlewareClass = new (
  // biome-ignore lint/suspicious/noExplicitAny: constructor parameters come from the container
  ...args: any[]
) => MiddlewareObject & {
  handle(request: HttpRequest, next: Next, ...params: string[]): ReturnType<MiddlewareObject['handle']>;
};

/**
 * How a route names a middleware: a function, a class resolved from the
 * container, or a string: an alias (`auth`), an alias with parameters
 * (`signed:relative`, `throttle:60,1`) or a group name.
 */
export type MiddlewareSpec = MiddlewareFunction | MiddlewareClass | string;

/**
 * Turns middleware specs into functions, once, when a route is first used.
 * Holds the aliases and groups of the application.
 */
export class MiddlewareResolver {
  readonly #aliases = new Map<string, MiddlewareFunction | MiddlewareClass>();
  readonly #groups = new Map<string, MiddlewareSpec[]>();
  /** One instance per middleware class, however many routes use it (resolution happens once, at boot). */
  readonly #instances = new Map<MiddlewareClass, InstanceType<MiddlewareClass>>();

  constructor(private readonly container: Container) {}

  /** Names a middleware, e.g. `alias('auth', Authenticate)`. */
  alias(name: string, middleware: MiddlewareFunction | MiddlewareClass): void {
    this.#aliases.set(name, middleware);
  }

  /** Names a list of middleware, usable wherever a middleware name is. */
  group(name: string, middleware: MiddlewareSpec[]): void {
    this.#groups.set(name, middleware);
  }

  /**
   * What specs stand for, groups expanded: for a string, its alias name and
   * its target; for a function or class, itself. Used by boot-time checks
   * (e.g. signed routes must select in the query).
   */
  targets(specs: readonly MiddlewareSpec[], seen: ReadonlySet<string> = new Set()): unknown[] {
    const out: unknown[] = [];
    for (const spec of specs) {
      if (typeof spec !== 'string') {
        out.push(spec);
        continue;
      }
      const group = this.#groups.get(spec);
      if (group) {
        if (!seen.has(spec)) out.push(...this.targets(group, new Set([...seen, spec])));
        continue;
      }
      const name = spec.split(':', 1)[0]!;
      out.push(spec, this.#aliases.get(name));
    }
    return out;
  }

  /** Resolves specs (expanding groups) to functions. Unknown names throw `LogicException`. */
  resolve(specs: readonly MiddlewareSpec[], seen: ReadonlySet<string> = new Set()): MiddlewareFunction[] {
    const out: MiddlewareFunction[] = [];
    for (const spec of specs) {
      if (typeof spec !== 'string') {
        out.push(this.#toFunction(spec, []));
        continue;
      }
      const group = this.#groups.get(spec);
      if (group) {
        if (seen.has(spec)) throw new LogicException(`Middleware group "${spec}" includes itself.`);
        out.push(...this.resolve(group, new Set([...seen, spec])));
        continue;
      }
      const colon = spec.indexOf(':');
      const name = colon === -1 ? spec : spec.slice(0, colon);
      const params = colon === -1 ? [] : spec.slice(colon + 1).split(',');
      const target = this.#aliases.get(name);
      if (!target) throw new LogicException(`Unknown middleware "${name}": register it with aliasMiddleware().`);
      out.push(this.#toFunction(target, params));
    }
    return out;
  }

  #toFunction(spec: MiddlewareFunction | MiddlewareClass, params: string[]): MiddlewareFunction {
    if (isClass(spec)) {
      const cls = spec as MiddlewareClass;
      let instance = this.#instances.get(cls);
      if (instance === undefined) this.#instances.set(cls, (instance = resolve(this.container, cls)));
      const run: MiddlewareFunction =
        params.length === 0
          ? (request, next) => instance.handle(request, next)
          : (request, next) => instance.handle(request, next, ...params);
      return named(run, `${spec.name}.handle`);
    }
    const fn = spec as MiddlewareFunction;
    if (params.length === 0) return fn;
    const run: MiddlewareFunction = (request, next) =>
      (fn as (r: HttpRequest, n: Next, ...p: string[]) => ReturnType<MiddlewareFunction>)(request, next, ...params);
    return named(run, fn.name);
  }
}

function isClass(value: unknown): boolean {
  return typeof value === 'function' && typeof (value as { prototype?: { handle?: unknown } }).prototype?.handle === 'function';
}

/** Names a wrapper after what it wraps, so error reports can say which middleware failed. */
function named(fn: MiddlewareFunction, name: string): MiddlewareFunction {
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}
