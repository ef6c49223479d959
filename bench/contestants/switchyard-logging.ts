import { openSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { pino as Pino } from 'pino';
import { createSystemApp } from '../../examples/system/app.js';
import { plainLogger } from '../../src/logging/create-logger.js';
import { listen } from './serve.js';

/**
 * Contestant: the example application with request logging on, as
 * `logger: true` makes it (src/logging/create-logger.ts), writing to
 * /dev/null instead of stdout so the benchmark's pipes carry no log.
 */
const pino = createRequire(import.meta.url)('pino') as typeof Pino;
const app = createSystemApp({ logger: plainLogger(pino, 'info', openSync('/dev/null', 'w')) });
listen(createServer(app.listener), 'switchyard-logging');
