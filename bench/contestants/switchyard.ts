import { createServer } from 'node:http';
import { createSystemApp } from '../../examples/system/app.js';
import { listen } from './serve.js';

/** Contestant: Switchyard's example application, as a user would serve it. */
const app = createSystemApp();
listen(createServer(app.listener), 'switchyard');
