/**
 * The application the CORS tests run against: one svc route under `/api`
 * whose actions answer normally or fail in each way an API can (400, 403,
 * 405, 413, 422, 429 from a global middleware, 500, a slow handler), and a
 * route outside the CORS paths.
 */
import { Action, ActionController, Application, FormRequest, HttpError, type SwitchyardOptions } from '../../src/index.js';

class NameRequest extends FormRequest {
  override rules() {
    return { name: 'required|string|max:10' };
  }
}

class DenyRequest extends FormRequest {
  override authorize() {
    return false;
  }
  override rules() {
    return { name: 'required|string' };
  }
}

class PingAction extends Action {
  handle() {
    return { ok: true };
  }
}

class SaveAction extends Action {
  override methods = ['POST'] as const;
  override precognition = true;
  static override formRequest = NameRequest;
  handle(request: NameRequest) {
    return { saved: request.validated() };
  }
}

class DenyAction extends Action {
  override methods = ['POST'] as const;
  static override formRequest = DenyRequest;
  handle() {
    return { ran: true };
  }
}

class BoomAction extends Action {
  handle(): never {
    throw new Error('kaboom');
  }
}

class SlowAction extends Action {
  handle() {
    return new Promise((resolve) => setTimeout(() => resolve({ late: true }), 500));
  }
}

class ThingsController extends ActionController {
  actions = { ping: PingAction, save: SaveAction, deny: DenyAction, boom: BoomAction, slow: SlowAction };
}

export const reported: unknown[] = [];

/** The CORS test app with `options` (CORS options under `cors`). */
export function corsApp(options: SwitchyardOptions = {}): Application {
  return new Application({ body_limit: 64, max_query_length: 100, report: (error) => void reported.push(error), ...options })
    .withRouting({
      api: (router) => {
        router.svc('/things', ThingsController, ['GET', 'POST']);
      },
      web: (router) => {
        router.svc('/page', ThingsController, ['GET', 'POST']);
      },
    })
    .use((request, next) => {
      // A throttle, as a global middleware: its 429 is made inside the global pipeline.
      if (request.header('x-throttle') !== undefined) throw new HttpError(429, 'Too Many Attempts.', { 'retry-after': '60' });
      return next(request);
    });
}
