import 'reflect-metadata';
import { Container } from 'inversify';

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
  const paramTypes: unknown[] | undefined = Reflect.getMetadata('design:paramtypes', cls);
  // isCurrentBound, not isBound: with autobind, isBound binds the class and always says yes.
  const needsContainer = cls.length > 0 || (paramTypes?.length ?? 0) > 0 || hasInversifyMetadata(cls) || container.isCurrentBound(cls);
  if (needsContainer) return () => resolve(container, cls);
  return () => new cls();
}

/** True when Inversify decorators (`@inject` on a property, `@injectable`...) annotate the class or a parent. */
function hasInversifyMetadata(cls: Concrete): boolean {
  return Reflect.getMetadataKeys(cls).some((key) => typeof key === 'string' && key.startsWith('@inversifyjs/'));
}

/** Resolves a class through the container. */
export function resolve<T>(container: Container, cls: Concrete<T>): T {
  return container.get<T>(cls);
}
