import { LogicException } from '../errors/logic-exception.js';

// biome-ignore lint/suspicious/noExplicitAny: a macro takes whatever its caller passes
export type Macro = (this: any, ...args: any[]) => unknown;

const registries = new WeakMap<object, Map<string, Macro>>();

function registryOf(cls: object): Map<string, Macro> {
  let registry = registries.get(cls);
  if (!registry) registries.set(cls, (registry = new Map()));
  return registry;
}

/** The macro `name` of `cls` or of the nearest parent class that has it (subclasses share their parents' macros). */
function findMacro(cls: object, name: string): Macro | undefined {
  for (let current: object | null = cls; current !== null && current !== Function.prototype; current = Object.getPrototypeOf(current)) {
    const macro = registries.get(current)?.get(name);
    if (macro) return macro;
  }
  return undefined;
}

/**
 * Methods added to a class at run time, as the host framework's `Macroable`
 * trait: `Router.macro('svc', fn)` makes `router.svc(...)` available, with
 * `this` bound to the instance. Add the method's type with declaration
 * merging (`interface Router { svc(...): Route }`). Macros are global to the
 * class; `flushMacros()` removes them (tests call it between cases).
 */
export class Macroable {
  /** Adds `name` as a method of every instance. A real method cannot be replaced. */
  static macro(name: string, macro: Macro): void {
    const proto = this.prototype as unknown as Record<string, unknown>;
    const registry = registryOf(this);
    if (name in proto && !registry.has(name)) {
      throw new LogicException(`Cannot register macro "${name}": ${this.name} already has a method of that name.`);
    }
    registry.set(name, macro);
    Object.defineProperty(proto, name, { value: macro, writable: true, configurable: true, enumerable: false });
  }

  /** True when `name` is a registered macro. */
  static hasMacro(name: string): boolean {
    return findMacro(this, name) !== undefined;
  }

  /** Removes every macro of this class. */
  static flushMacros(): void {
    const registry = registryOf(this);
    const proto = this.prototype as unknown as Record<string, unknown>;
    for (const name of registry.keys()) delete proto[name];
    registry.clear();
  }

  /** Calls a macro by name; an unknown name is a clear error rather than "is not a function". */
  macroCall(name: string, ...args: unknown[]): unknown {
    const macro = findMacro(this.constructor, name);
    if (!macro) throw new LogicException(`Method ${this.constructor.name}::${name} does not exist.`);
    return macro.apply(this, args);
  }
}
