import { createServer } from 'node:http';
import { bareHandler } from './bare-handler.js';
import { listen } from './serve.js';

/** Contestant: bare node:http + ajv (also run a second time as the control). */
listen(createServer(bareHandler), 'node:http');
