import 'reflect-metadata';
import type { FormRequestClass } from './action.js';

const FORM_REQUEST = Symbol.for('switchyard:form-request');

/**
 * Marks an action's `handle` method so that its parameter type is known at
 * run time, as the host framework reads a type hint. TypeScript (`tsc` with
 * `emitDecoratorMetadata`) records the type of the first parameter; pass the
 * class explicitly when the code is not compiled by `tsc` (esbuild, tsx).
 *
 * @example
 * @handles() handle(request: MessageRequest) { ... }
 * @handles(MessageRequest) handle(request) { ... }
 */
export function handles(formRequest?: FormRequestClass): MethodDecorator {
  return (target, propertyKey) => {
    if (formRequest) Reflect.defineMetadata(FORM_REQUEST, formRequest, target, propertyKey);
  };
}

/** The class given to `@handles(Class)`, or the recorded type of `handle`'s first parameter. */
export function declaredParameterType(prototype: object): unknown {
  const explicit = Reflect.getMetadata(FORM_REQUEST, prototype, 'handle');
  if (explicit) return explicit;
  const types: unknown[] | undefined = Reflect.getMetadata('design:paramtypes', prototype, 'handle');
  return types?.[0];
}
