/**
 * Switchyard: many named actions behind one HTTP endpoint, a class-based
 * port of the host framework's controllers, form requests, Precognition and
 * signed URLs to node:http. This file lists the core of the public API,
 * name by name; each feature has its own entry: `switchyard-http/signing`,
 * `/rate-limiting`, `/openapi`, `/database`, `/validation` (the
 * browser-safe validator), `/validation/services`, `/testing`, `/otel` and
 * `/client` (docs/architecture.md, "Entry points").
 */
import 'reflect-metadata';
// The svc macro's type (it augments RouterMacros).
import './svc/svc-service-provider.js';

// The application and its parts
export { Application, type RouteFile } from './application.js';
export type { SwitchyardOptions, SwitchyardConfig, ActionSource, ErrorReporter, RateLimitStoreName, LoggerSetting } from './config.js';
export type { HealthCheckFunction, HealthCheckDefinition } from './config/health-checks.js';
export { CORS_DEFAULTS, PRECOGNITION_HEADERS, type CorsOptions, type CorsConfig, type OriginPattern } from './config/cors-options.js';
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
export { createContainer } from './container.js';

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
export type { Route, FormRouteTarget, RouteHandler } from './routing/route.js';
export { HandlePrecognitiveRequests } from './precognitive/handle-precognitive-requests.js';
export type { Macro } from './routing/macroable.js';
export type { MiddlewareSpec, MiddlewareClass } from './routing/middleware-resolver.js';
export type { MiddlewareFunction, MiddlewareObject, Next } from './http/middleware.js';

// Requests and responses
export { HttpRequest, type RequestRoute, type UserResolver } from './http/request.js';
export { REQUEST_ACCESSORS, type RequestAccessors } from './http/request/accessor-names.js';
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
export { AuthorizationResponse } from './errors/authorization-response.js';
export { ValidationError, type ValidationMessages } from './errors/validation-error.js';
export { LogicException } from './errors/logic-exception.js';
export { PrecognitionNotSupportedError, TooManyValidateOnlyNamesError } from './precognition.js';
export { TooManyItemsError, type ValidationLimits } from './validation/limits.js';

// Signed URLs: the everyday names (the rest: `switchyard-http/signing`)
export { UrlSigner, ValidateSignature, InvalidSignatureError } from './signing/index.js';

// Validation rule builders: `Rule` is both the rule type and Laravel's Rule facade
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
export { Dimensions, FileRule, ImageFile, type DimensionConstraints } from './validation/file-rule-builders.js';
