import type { SwitchyardOptions } from '../../src/index.js';
import { createSystemApp } from '../../examples/system/app.js';
import { listen } from './serve.js';

/**
 * The example application served as `app.listen()` serves it: through
 * `app.createServer()`, so its own limits, timeouts and JSON answers to
 * unparseable requests apply (the `switchyard` contestant uses a bare
 * `http.createServer(app.listener)`). Options, e.g. shorter timeouts so a
 * bounded run can wait for them, come as JSON in SWITCHYARD_BENCH_OPTIONS.
 */
const options = JSON.parse(process.env.SWITCHYARD_BENCH_OPTIONS ?? '{}') as SwitchyardOptions;
const app = createSystemApp(options);
listen(app.createServer(), 'switchyard-app');
