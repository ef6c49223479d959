/**
 * How a rule's table parameter names a model class (`exists:App\Models\User,id`),
 * read when the rule is compiled; resolving the class to its table is
 * `model-tables.ts`'s, at validation time, on the server.
 */
/** The shape of a PHP class name (`App\Models\User`, with an optional leading `\`). */
const CLASS_NAME = /^\\?[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*(?:\\[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)*$/u;

/** True when a rule's table parameter names a model class (it has a `\`, as Laravel's `parseTable` asks). */
export function isModelName(spec: string): boolean {
  return spec.includes('\\');
}

/** True when `name` has the shape of a PHP class name. */
export function isClassName(name: string): boolean {
  return CLASS_NAME.test(name);
}
