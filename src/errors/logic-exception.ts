/**
 * A programming error found while the application is configured or its
 * routes are registered (bad `action_key`, an action method the route does
 * not allow...). Thrown at boot, never turned into an HTTP response.
 */
export class LogicException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogicException';
  }
}
