import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as LightMyRequest from 'light-my-request';

/**
 * What `app.inject()` sends: `method`, `url` (path and query), `headers`,
 * `payload` (a string, a Buffer, a stream, or an object sent as JSON), and
 * the rest of light-my-request's options (`query`, `cookies`, `remoteAddress`...).
 */
export type InjectOptions = LightMyRequest.InjectOptions;

/**
 * What `app.inject()` resolves to: light-my-request's response, i.e.
 * `statusCode`, `headers` (lower-case names), `body` (the text), `json()`,
 * `rawPayload`, `cookies`...
 */
export type InjectResponse = LightMyRequest.Response;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

let loaded: Promise<typeof LightMyRequest.inject> | undefined;

/**
 * Sends one request into `listener` without a socket. light-my-request is
 * loaded on first use, so applications that never inject do not load it.
 */
export async function injectInto(listener: Listener, options: InjectOptions | string): Promise<InjectResponse> {
  loaded ??= import('light-my-request').then((module) => module.default);
  const inject = await loaded;
  return inject(listener, options);
}
