import { writeFileSync } from 'node:fs';
import { CliError } from './cli-error.js';
import type { DescribableApplication } from './load-app.js';

/**
 * `switchyard openapi`: the application's OpenAPI document (`app.openapi()`,
 * its `info` from the `openapi_info` option) as indented JSON, alone on
 * stdout, so that `switchyard openapi > openapi.json` writes the file (what
 * the application prints goes to stderr: divert-stdout.ts), or in the file
 * of `--output`.
 */
export function openapiJson(app: DescribableApplication): string {
  if (typeof app.openapi !== 'function') {
    throw new CliError('The application has no openapi() method: it was built with a switchyard version without OpenAPI support.');
  }
  let document: unknown;
  try {
    document = app.openapi();
  } catch (error) {
    // Building boots the application: a misconfiguration (an unknown middleware...) fails here, as on a first request.
    throw new CliError(`Building the OpenAPI document failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return JSON.stringify(document, null, 2) + '\n';
}

/** Writes the document to `path` (absolute); returns the path. A failure is a `CliError` naming the file. */
export function writeDocument(path: string, document: string): string {
  try {
    writeFileSync(path, document);
  } catch (error) {
    throw new CliError(`Writing ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return path;
}
