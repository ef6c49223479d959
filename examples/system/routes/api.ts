import type { Router } from '../../../src/index.js';
import { SystemController } from '../system-controller.js';

/** The API route file: loaded under `/api` by `withRouting({ api })`. */
export default function apiRoutes(router: Router): void {
  router.svc('/system', SystemController, ['GET', 'POST']).name('system');
}
