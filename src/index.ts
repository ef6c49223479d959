/**
 * Switchyard: many named actions behind one HTTP endpoint, a class-based
 * port of the host framework's controllers, form requests, Precognition and
 * signed URLs to node:http. This file lists the public API, name by name;
 * the rest of signed URLs is in `switchyard-http/signing`.
 */
import 'reflect-metadata';
// The svc macro's type (it augments RouterMacros).
import './svc/svc-service-provider.js';

// The application and its parts
export { Application, type RouteFile } from './application.js';
export type { SwitchyardOptions, SwitchyardConfig, ActionSource, ErrorReporter, RateLimitStoreName, LoggerSetting } from './config.js';
export { CORS_DEFAULTS, PRECOGNITION_HEADERS, type CorsOptions, type CorsConfig } from './config/cors-options.js';
export type { TrustProxy, ForwardedHeader, ClientView } from './config/trusted-proxies.js';
export type {
  TrimStringsOptions,
  ConvertEmptyStringsOptions,
  SkipWhen,
  NormalisationRequest,
  TrimStringsConfig,
  ConvertEmptyStringsConfig,
} from './config/input-normalisation.js';
export type { ServiceProvider, ProviderHost } from './service-provider.js';
export type { NextFunction } from './kernel.js';
export type { InjectOptions, InjectResponse } from './testing/inject.js';
export { createContainer, Container } from './container.js';
export { injectable, inject } from 'inversify';

// Actions, controllers, form requests
export { Action, type ActionClass, type HttpMethod, type FormRequestClass } from './action.js';
export { ActionController, DEFAULT_ACTION, FALLBACK_ACTION, type ControllerClass } from './action-controller.js';
export { FormRequest } from './form-request.js';
export { handles } from './handles.js';
export type { RuleMap, FieldRules, RuleObject, RuleClosure, FailCallback } from './validation/types.js';
export type { CustomMessages, CustomMessageValue, SizedMessages } from './validation/types.js';
export { ValidatedInput } from './validation/validated-input.js';
export { Validator, type AfterHook } from './validation/validator.js';
export { MessageBag } from './validation/message-bag.js';

// Routing and middleware
export { Router, type RouterMacros } from './routing/router.js';
export type { Route } from './routing/route.js';
export type { Macro } from './routing/macroable.js';
export type { MiddlewareSpec, MiddlewareClass } from './routing/middleware-resolver.js';
export type { MiddlewareFunction, MiddlewareObject, Next } from './http/middleware.js';

// Requests and responses
export { Request } from './http/request.js';
export { UploadedFile } from './http/uploaded-file.js';
export { MalformedPathError } from './http/decode-path.js';
export { JsonResponse, json, noContent } from './http/response.js';
export type { InputBag } from './http/own.js';

// Errors
export {
  HttpError,
  BadRequestError,
  AuthenticationError,
  AuthorizationError,
  NotFoundError,
  MethodNotAllowedError,
  PayloadTooLargeError,
  UriTooLongError,
  UnsupportedMediaTypeError,
  ServiceUnavailableError,
} from './errors/http-error.js';
export { ValidationError, type ValidationMessages } from './errors/validation-error.js';
export { LogicException } from './errors/logic-exception.js';
export { PrecognitionNotSupportedError, TooManyValidateOnlyNamesError } from './precognition.js';
export { TooManyItemsError, type ValidationLimits } from './validation/limits.js';

// The OpenAPI document (`app.openapi()`, the `openapi` option)
export type {
  ActionDocs,
  JsonSchema,
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiOptions,
  OpenApiPathItem,
  OpenApiServer,
} from './openapi/index.js';

// Signed URLs: the everyday names (the rest: `switchyard-http/signing`)
export { UrlSigner, ValidateSignature, InvalidSignatureError } from './signing/index.js';

// Rate limiting (the `throttle` middleware, `app.rateLimiter`)
export {
  Limit,
  GlobalLimit,
  Unlimited,
  type LimitResponseCallback,
  RateLimiter,
  type RateLimiterOptions,
  type LimiterCallback,
  type LimiterResult,
  ThrottleRequests,
  type ThrottleLimit,
  TooManyRequestsError,
  RateLimitStoreError,
  type RateLimitStore,
  type RateLimitHit,
  type RateLimitWindow,
  MemoryStore,
  type MemoryStoreOptions,
  RedisStore,
  type RedisStoreOptions,
} from './rate-limiting/index.js';

// Validation rule builders (issue #11): `Rule` is both the rule type and Laravel's Rule facade
export {
  Rule,
  Password,
  EnumRule,
  type RuleCondition,
  type InValue,
  type EnumLike,
} from './validation/rule-builders.js';
export { ExistsRule, UniqueRule, type WhereValue } from './validation/database-rule-builders.js';
export type { ConditionalRule, StringableRule, RuleList } from './validation/types.js';
export { Dimensions, File, ImageFile, type DimensionConstraints } from './validation/file-rule-builders.js';

// Services of the rules with input/output (container keys and their defaults): bind your own with
// `app.container.bind(Key).toConstantValue(instance)`. See docs/validation.md, "Rules that use services".
/** `active_url` and `email:dns` look names up through it; default `NodeDnsResolver`. */
export { DnsResolver, type DnsRecordType } from './validation/services/dns-resolver.js';
/** node:dns with a deadline per lookup (2 s by default) and optional name servers. */
export { NodeDnsResolver, type NodeDnsResolverOptions } from './validation/services/node-dns-resolver.js';
/** `current_password` finds the user's password hash through it: no default, the application binds one. */
export { PasswordUserResolver } from './validation/services/password-user-resolver.js';
/** `current_password` compares through it; default `BcryptPasswordHasher`. */
export { PasswordHasher } from './validation/services/password-hasher.js';
/** bcrypt as Laravel's default hasher (`$2y$` hashes from PHP match). */
export { BcryptPasswordHasher } from './validation/services/bcrypt-password-hasher.js';
/** `Password.uncompromised()` asks it; default `NotPwnedVerifier`. */
export { UncompromisedVerifier } from './validation/services/uncompromised-verifier.js';
/** The Have I Been Pwned range API (k-anonymity), with a timeout (5 s by default). */
export { NotPwnedVerifier, type NotPwnedVerifierOptions } from './validation/services/not-pwned-verifier.js';
