import { openSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { pino as Pino } from 'pino';
import { createSystemApp } from '../../examples/system/app.js';
import { AccessLog, attachAccessLog } from '../../src/logging/access-log.js';
import { FdSink } from '../../src/logging/fd-sink.js';
import { listen } from './serve.js';

/**
 * Contestant: the example application with request logging on, as
 * `logger: true` makes it (src/logging/create-logger.ts), writing to
 * /dev/null instead of stdout so the benchmark's pipes carry no log.
 */
const pino = createRequire(import.meta.url)('pino') as typeof Pino;
const destination = new FdSink(openSync('/dev/null', 'w'));
const logger = pino({ level: 'info' }, destination);
attachAccessLog(logger, new AccessLog(destination, logger.levels.values['info']!));
const app = createSystemApp({ logger });
listen(createServer(app.listener), 'switchyard-logging');
