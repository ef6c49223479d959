/**
 * `switchyard-http/client`: the typed, browser-safe client of Switchyard's action
 * endpoints, with Precognition. It imports nothing from the server at run
 * time; the server's classes give it types only (see docs/client.md).
 */
export { createClient, isValidationFailed, type ClientOptions, type FetchLike, type ResponseLike } from './create-client.js';
export { compileRules, type BrowserRules, type RuleCompiler } from './browser-rules.js';
export type { ActionRuleSet, InputNormalisation, RuleSetsDocument } from '../typing/rule-sets.js';
export {
  AnswerTooLarge,
  ClientError,
  Forbidden,
  StatusError,
  MethodNotAllowed,
  NetworkError,
  NotFound,
  TooManyRequests,
  Unauthenticated,
  ValidationFailed,
  type HeadersLike,
} from './errors.js';
export type {
  CallOptions,
  Client,
  ClientAction,
  ClientRoute,
  FieldErrors,
  FieldsOfAction,
  FormAction,
  Method,
  PlainAction,
  ValidateOptions,
} from './types.js';
export type { ActionFields, ActionInput, ActionMethods, ActionOutput, ActionsOf } from '../typing/actions.js';
export type { InferInput } from '../typing/rules.js';
