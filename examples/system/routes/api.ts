import type { Router } from '../../../src/index.js';
import { SystemController } from '../system-controller.js';

/** The API route file: loaded under `/api` by `withRouting({ api })`. */
export default function apiRoutes(router: Router): void {
  router.svc('/system', SystemController, ['GET', 'POST']).name('system');
}

/** The routes as the typed client sees them: `createClient<Api>({ baseUrl: 'http://127.0.0.1:3000/api' })` (docs/client.md). */
export type Api = { system: typeof SystemController };
