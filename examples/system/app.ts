import { Application, type SwitchyardOptions } from '../../src/index.js';
import apiRoutes from './routes/api.js';

/** Builds the example application: the `system` endpoint under `/api`. */
export function createSystemApp(options: SwitchyardOptions = {}): Application {
  return new Application(options).withRouting({ api: apiRoutes });
}

/** What `switchyard routes` loads (package.json "switchyard": { "app": "dist/examples/system/app.js" }). */
export default createSystemApp;
