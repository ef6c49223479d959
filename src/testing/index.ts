/**
 * `switchyard-http/testing`: the types of `app.inject()`, Switchyard's
 * in-process requests (docs/testing.md).
 */
export type { InjectOptions, InjectResponse } from './inject.js';
