/** Writes text to the real stdout and resolves once it is flushed. */
export type StdoutWriter = (text: string) => Promise<void>;

/**
 * From now on until the process exits, what goes through `process.stdout`
 * (`console.log`, `process.stdout.write`: an application printing while it
 * loads, or later from a timer) goes to stderr instead, so that stdout holds
 * the command's own output alone (`switchyard openapi > openapi.json`).
 * Returns the writer of the real stdout, for that output. Bytes written
 * straight to descriptor 1 (`fs.writeSync(1, ...)`) are not seen here.
 */
export function divertStdout(): StdoutWriter {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout);
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  return (text) => new Promise((resolve) => write(text, () => resolve()));
}
