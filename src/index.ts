/**
 * Switchyard: many named actions behind one HTTP endpoint, a class-based
 * port of the host framework's controllers, form requests, Precognition and
 * signed URLs to node:http. This file only re-exports the public API.
 */
import 'reflect-metadata';

export { Application, type RouteFile } from './application.js';
export { Action, type ActionClass, type HttpMethod, type FormRequestClass } from './action.js';
export { ActionController, DEFAULT_ACTION, FALLBACK_ACTION, type ControllerClass } from './action-controller.js';
export { FormRequest } from './form-request.js';
export { handles } from './handles.js';
export {
  resolveConfig,
  type SwitchyardOptions,
  type SwitchyardConfig,
  type ActionSource,
  type ErrorReporter,
  type LoggerSetting,
} from './config.js';
export type { InjectOptions, InjectResponse } from './testing/inject.js';
export type { RouteDescription, ActionDescription } from './cli/describe-routes.js';
export { createContainer, Container } from './container.js';
export { injectable, inject } from 'inversify';
export { Router, type RouterHost } from './routing/router.js';

/**
 * The types of your own router macros. Augment this interface (not `Router`,
 * whose declaration lives in an internal module) from your code:
 *
 * @example
 * declare module 'switchyard' {
 *   interface RouterMacros { health(path: string): Route }
 * }
 * Router.macro('health', function (this: Router, path: string) { ... });
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, so users can augment it
export interface RouterMacros {}
export { Route } from './routing/route.js';
export { Macroable, type Macro } from './routing/macroable.js';
export type { MiddlewareSpec, MiddlewareClass } from './routing/middleware-resolver.js';
export { SvcServiceProvider } from './svc-service-provider.js';
export type { ServiceProvider } from './service-provider.js';
export { Request } from './http/request.js';
export { UploadedFile } from './http/uploaded-file.js';
export { JsonResponse, json, noContent } from './http/response.js';
export type { MiddlewareFunction, MiddlewareObject, Next } from './http/middleware.js';
export type { InputBag } from './http/own.js';
export type { NextFunction } from './http/kernel.js';
export {
  HttpError,
  BadRequestError,
  AuthorizationError,
  NotFoundError,
  MethodNotAllowedError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  AuthenticationError,
  ServiceUnavailableError,
} from './errors/http-error.js';
export { ValidationError, type ValidationMessages } from './errors/validation-error.js';
export { LogicException } from './errors/logic-exception.js';
export { PrecognitionNotSupportedError } from './precognition.js';
export type { RuleMap, FieldRules, Rule, RuleObject, RuleClosure, FailCallback } from './validation/types.js';
export * from './signing/index.js';
