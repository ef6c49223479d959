import type { ActionClass } from './action.js';
import type { Concrete } from './container.js';

/** The reserved name of the default action: chosen when the action key is absent. */
export const DEFAULT_ACTION = '/';
/** The reserved name of the fallback action: chosen for an invalid or unregistered name. */
export const FALLBACK_ACTION = '*';

/**
 * Maps public action names to action classes. A name need not match the
 * class name and may contain dots and hyphens; `/` (default) and `*`
 * (fallback) are reserved. Register it on a route with `router.svc(...)`.
 *
 * @example
 * class SystemController extends ActionController {
 *   override actions = { status: StatusAction, echo: EchoAction };
 * }
 */
export abstract class ActionController {
  /** Public name to action class. */
  abstract actions: Readonly<Record<string, ActionClass>>;
}

/** A concrete controller class. */
export type ControllerClass = Concrete<ActionController>;
