import { CliError } from './cli-error.js';
import type { DescribableApplication } from './load-app.js';

/**
 * `switchyard openapi`: the application's OpenAPI document (`app.openapi()`,
 * its `info` from the `openapi_info` option) as indented JSON, alone on
 * stdout, so that `switchyard openapi > openapi.json` writes the file.
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
