/**
 * Type level only: what a controller class says about its actions, read
 * structurally (no import of the server's classes), for the typed client.
 * Each helper falls back to the loosest honest type when the class does not
 * say enough: `unknown` output, `Record<string, unknown>` input, any method.
 */
import type { FieldsOf, InferInput } from './rules.js';

type Instance<C> = C extends abstract new (
  // biome-ignore lint/suspicious/noExplicitAny: the widest constructor type, as TypeScript's own InstanceType uses
  ...args: any
) => infer I
  ? I
  : never;
type IsAny<T> = 0 extends 1 & T ? true : false;

/** What the typing needs to recognise a form request: its rules and its authorization. */
interface FormRequestShape {
  rules(): unknown;
  authorize(): unknown;
}
/** What the typing needs to recognise a `JsonResponse`: its body is not typed, so the output is `unknown`. */
interface JsonResponseShape {
  body: unknown;
  status: number;
  header(name: string, value: string): unknown;
}

/** The action classes of a controller class, by public name: `ActionsOf<typeof SystemController>`. */
export type ActionsOf<Controller> = Instance<Controller> extends { actions: infer Actions } ? Actions : never;

/** The type of `handle`'s first parameter (`unknown` when it takes none). */
type HandleParameter<A> = Instance<A> extends { handle(input: infer P): unknown } ? P : unknown;
/** The form request class given as `static formRequest` (plain JavaScript), if the type says so. */
type StaticFormRequest<A> = A extends { formRequest: abstract new (...args: never[]) => infer F }
  ? F extends FormRequestShape
    ? F
    : never
  : never;
/** The action's form request instance type, or `never` when it declares none. */
type FormRequestOf<A> =
  IsAny<HandleParameter<A>> extends true
    ? StaticFormRequest<A>
    : HandleParameter<A> extends FormRequestShape
      ? HandleParameter<A>
      : StaticFormRequest<A>;

/** The rules map of an action's form request (`never` without one). */
type RulesOf<A> = FormRequestOf<A> extends { rules(): infer R } ? R : never;

/** True when the action declares a form request. */
export type HasFormRequest<A> = [FormRequestOf<A>] extends [never] ? false : true;

/** The input an action accepts: from its form request's rules, else any object. */
export type ActionInput<A> = HasFormRequest<A> extends true ? InferInput<RulesOf<A>> : Record<string, unknown>;

/** The field names the action's validation can report (`string` without literal rules). */
export type ActionFields<A> = HasFormRequest<A> extends true ? FieldsOf<RulesOf<A>> : string;

/** The JSON body of a handler's value: a `JsonResponse` is untyped, `undefined` is a 204 with no body. */
type Body<T> = IsAny<T> extends true ? unknown : T extends JsonResponseShape ? unknown : T extends void ? undefined : T;

/**
 * What a successful call returns: `Awaited<ReturnType<handle>>` as it travels
 * as JSON. Not rewritten for JSON (a `Date` stays a `Date` in the type, but
 * arrives as a string): return plain JSON values from handlers.
 */
export type ActionOutput<A> = Instance<A> extends { handle(...args: never[]): infer O } ? Body<Awaited<O>> : unknown;

/**
 * The methods the action accepts when its `methods` are literal
 * (`override methods = ['POST'] as const`; GET implies HEAD), else `string`.
 */
export type ActionMethods<A> =
  Instance<A> extends { methods: readonly (infer M)[] } ? (string extends M ? string : M | (M extends 'GET' ? 'HEAD' : never)) : string;
