/**
 * A form request as the document reads it, once per class for the whole
 * document (its schema and its rule set): `rules()`, `messages()`,
 * `attributes()` of an instance made as the validator compiler makes its
 * own (a plain `new` when the constructor takes no arguments, else
 * `create()` from the container), without a request.
 */
import type { FormRequestClass } from '../action.js';
import type { FormRequest } from '../form-request.js';
import { injectedArgumentCount } from '../container.js';
import { definitionWithoutRequest } from '../routing/form-request-rules.js';
import type { CompileOptions, RuleMap } from '../validation/types.js';

/** What a form-request class declares, read without a request (`options` undefined when they need one). */
export interface FormDefinition {
  readonly rules: RuleMap;
  readonly options: CompileOptions | undefined;
}

const definitions = new WeakMap<FormRequestClass, FormDefinition>();

/** The definition of `cls`, read on first use. */
export function formDefinition(cls: FormRequestClass, create: () => FormRequest): FormDefinition {
  let definition = definitions.get(cls);
  if (definition === undefined) {
    const sample = injectedArgumentCount(cls) === 0 ? new (cls as unknown as new () => FormRequest)() : create();
    definition = definitionWithoutRequest(cls, sample);
    definitions.set(cls, definition);
  }
  return definition;
}
