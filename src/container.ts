import 'reflect-metadata';
import { Container, injectFromBase } from 'inversify';

export { Container };

/** A class that can be built with `new` (its constructor arguments come from the container). */
// biome-ignore lint/suspicious/noExplicitAny: constructor parameters come from the container
export type Concrete<T = unknown> = new (...args: any[]) => T;

/**
 * The application's Inversify container. `autobind` lets controllers,
 * actions and form requests be resolved without binding them first, as the
 * host framework's container does; users bind their own services as usual.
 */
export function createContainer(): Container {
  return new Container({ autobind: true, defaultScope: 'Transient' });
}

/**
 * A factory decided once at boot: classes that need nothing injected (no
 * constructor parameters, no Inversify metadata such as `@inject` on a
 * property, not bound by the user) are built with `new`, the rest through
 * the container. This keeps per-request work small.
 */
export function makeFactory<T>(container: Container, cls: Concrete<T>): () => T {
  inheritInjections(cls);
  const paramTypes: unknown[] | undefined = Reflect.getMetadata('design:paramtypes', cls);
  // isCurrentBound, not isBound: with autobind, isBound binds the class and always says yes.
  const needsContainer = cls.length > 0 || (paramTypes?.length ?? 0) > 0 || hasInversifyMetadata(cls) || container.isCurrentBound(cls);
  if (needsContainer) return () => container.get<T>(cls);
  return () => new cls();
}

/** True when Inversify decorators (`@inject` on a property, `@injectable`...) annotate the class or a parent. */
function hasInversifyMetadata(cls: Concrete): boolean {
  return Reflect.getMetadataKeys(cls).some((key) => typeof key === 'string' && key.startsWith('@inversifyjs/'));
}

/** Resolves a class through the container (at registration or boot: not on a request's path). */
export function resolve<T>(container: Container, cls: Concrete<T>): T {
  inheritInjections(cls);
  return container.get<T>(cls);
}

/** How many arguments the class's constructor is given by the container (its own or the one it inherits). */
export function injectedArgumentCount(cls: Concrete): number {
  inheritInjections(cls);
  return Math.max(cls.length, ownClassMetadata(cls)?.constructorArguments?.length ?? 0);
}

/** Where Inversify keeps a class's own injections (constructor arguments, properties, lifecycle). */
const CLASS_METADATA = '@inversifyjs/core/classMetadataReflectKey';

/** The part of Inversify's class metadata read here. */
interface ClassMetadata {
  readonly constructorArguments?: readonly ({ readonly value?: unknown } | undefined)[];
  readonly properties?: ReadonlyMap<unknown, { readonly value?: unknown }>;
}

function ownClassMetadata(cls: object): ClassMetadata | undefined {
  return Reflect.getOwnMetadata(CLASS_METADATA, cls) as ClassMetadata | undefined;
}

const inherited = new WeakSet<object>();

/**
 * The host framework's container builds a class that declares no constructor
 * with its parent's constructor (PHP inherits it); Inversify reads only a
 * class's own metadata, so `class X extends ValidateSignature {}` would be
 * built with no signer. This copies the nearest ancestor's injections onto
 * the class: its constructor arguments when the class declares no constructor
 * of its own, its property injections and lifecycle hooks always. Then the
 * same for every class it depends on. Once per class, before the container
 * first builds it (a container keeps the plan it made the first time).
 */
function inheritInjections(cls: object): void {
  if (inherited.has(cls)) return;
  inherited.add(cls);
  const parent = Object.getPrototypeOf(cls) as object | null;
  if (typeof parent === 'function' && parent !== Function.prototype) {
    inheritInjections(parent);
    if (ownClassMetadata(parent) !== undefined) {
      const declaresConstructor =
        (cls as Concrete).length > 0 ||
        Reflect.hasOwnMetadata('design:paramtypes', cls) ||
        (ownClassMetadata(cls)?.constructorArguments?.length ?? 0) > 0;
      injectFromBase({ extendConstructorArguments: !declaresConstructor, extendProperties: true })(cls as Concrete);
    }
  }
  const metadata = ownClassMetadata(cls);
  for (const argument of metadata?.constructorArguments ?? []) inheritDependency(argument?.value);
  for (const property of metadata?.properties?.values() ?? []) inheritDependency(property.value);
}

/** A dependency named by its class is prepared too (symbols and strings name bindings, which the user made). */
function inheritDependency(id: unknown): void {
  if (typeof id === 'function') inheritInjections(id);
}
