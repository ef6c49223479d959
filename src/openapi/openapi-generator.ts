/**
 * `app.openapi()`: the document is built on the first call, after boot, and
 * kept (frozen) for the next ones; requests never pay for it. Built again
 * only when called with other options.
 */
import type { ProviderHost } from '../service-provider.js';
import { buildDocument } from './build-document.js';
import type { OpenApiDocument, OpenApiOptions } from './types.js';

export class OpenApiGenerator {
  #key: string | undefined;
  #document: OpenApiDocument | undefined;

  /** `skip`: the path that serves the document, left out of it. */
  constructor(
    private readonly host: ProviderHost,
    private readonly skip: string | undefined,
  ) {}

  /** The document for `options`: the one built last when the options are the same. */
  document(options: OpenApiOptions): OpenApiDocument {
    const key = JSON.stringify(options);
    if (this.#document !== undefined && key === this.#key) return this.#document;
    // A copy: freezing it must not freeze the caller's objects (options, an action's `response` schema).
    const document = deepFreeze(structuredClone(buildDocument(this.host, options, this.skip)));
    this.#key = key;
    this.#document = document;
    return document;
  }
}

/** Freezes the document and everything in it: it is shared by every caller (copy it with structuredClone to change it). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
