/**
 * The client's types: how a description of the server's routes
 * (`{ system: typeof SystemController }`) becomes `api.system.echo(...)`.
 * Types only; they reach the server's classes through `src/typing/`, which
 * reads them structurally.
 */
import type { ActionFields, ActionInput, ActionMethods, ActionOutput, ActionsOf, HasFormRequest } from '../typing/actions.js';
import type { FieldErrors } from '../typing/rules.js';

export type { FieldErrors } from '../typing/rules.js';

/** An HTTP method name in upper case. */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | (string & {});

/** Options of one call. */
export interface CallOptions<M extends string = Method> {
  /** The HTTP method. Default: POST when there is input, GET when there is none. */
  method?: M;
  /** Extra request headers for this call (names are lower-cased). */
  headers?: Record<string, string>;
  /** Aborts the request; the abort error is thrown as it is, not wrapped. */
  signal?: AbortSignal;
}

/** Options of a Precognition prediction. */
export interface ValidateOptions<F extends string = string, M extends string = Method> extends CallOptions<M> {
  /** Validate and report only these fields (`Precognition-Validate-Only`); `*` is a wildcard segment. Default: all. */
  only?: readonly F[];
}

/**
 * The options argument: optional while the default method is one the action
 * accepts (or its methods are not known), required with `method` otherwise.
 */
type OptionsArg<O, M extends string, Default extends string> = string extends M
  ? [options?: O]
  : Default extends M
    ? [options?: O]
    : [options: O & { method: M }];

/** One action of a route: call it, or ask for a prediction with `validate`. */
export type ClientAction<A> = HasFormRequest<A> extends true ? FormAction<A> : PlainAction<A>;

/** An action with a form request: the input is typed from its rules and always sent (POST by default). */
export interface FormAction<A> {
  (input: ActionInput<A>, ...options: OptionsArg<CallOptions<ActionMethods<A>>, ActionMethods<A>, 'POST'>): Promise<ActionOutput<A>>;
  /** A Precognition prediction: resolves to the field errors, `{}` when the input is valid. `handle` never runs. */
  validate(
    input: Partial<ActionInput<A>>,
    ...options: OptionsArg<ValidateOptions<ActionFields<A>, ActionMethods<A>>, ActionMethods<A>, 'POST'>
  ): Promise<FieldErrors<ActionFields<A>>>;
  /** `route.action`, as in the errors' `endpoint`. */
  readonly endpoint: string;
}

/** An action without a form request: input is optional (GET without it, POST with it, by default). */
export interface PlainAction<A> {
  (input?: undefined, ...options: OptionsArg<CallOptions<ActionMethods<A>>, ActionMethods<A>, 'GET'>): Promise<ActionOutput<A>>;
  (
    input: Record<string, unknown>,
    ...options: OptionsArg<CallOptions<ActionMethods<A>>, ActionMethods<A>, 'POST'>
  ): Promise<ActionOutput<A>>;
  /** A Precognition prediction; without a form request the server has nothing to validate and answers success (`{}`). */
  validate(input?: Record<string, unknown>, options?: ValidateOptions<string, ActionMethods<A>>): Promise<FieldErrors>;
  /** `route.action`, as in the errors' `endpoint`. */
  readonly endpoint: string;
}

/** The actions of one route, by public name (the fallback `*` is not callable by name). */
export type ClientRoute<Controller> = {
  readonly [Name in Exclude<keyof ActionsOf<Controller>, '*'> & string]: ClientAction<ActionsOf<Controller>[Name]>;
};

/**
 * The typed client of a routes description: each key is a route (its path
 * under `baseUrl`), each value the controller class registered there with
 * `router.svc(...)`.
 *
 * @example
 * type Api = { system: typeof SystemController };
 * const api: Client<Api> = createClient<Api>({ baseUrl: 'https://example.com/api' });
 */
export type Client<Routes> = { readonly [Key in keyof Routes & string]: ClientRoute<Routes[Key]> };

/** The field names an action of a client can report, e.g. `FieldsOfAction<typeof api.system.echo>` is `'message'`. */
export type FieldsOfAction<T> = T extends { validate(...args: never[]): Promise<infer Errors> } ? keyof Errors & string : string;
