#!/usr/bin/env node
/**
 * The `switchyard` executable (package.json `bin`). Exit codes: 0 done,
 * 1 failed, 2 wrong usage; errors are one line on stderr.
 */
import { CliError } from './cli-error.js';
import { divertStdout } from './divert-stdout.js';
import { run } from './run.js';

/** Writes `text` to stdout and resolves once it is flushed. */
function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

async function main(): Promise<void> {
  // What the application prints goes to stderr: stdout holds the command's output alone.
  const toStdout = divertStdout();
  let output = '';
  let code: number;
  try {
    code = await run(process.argv.slice(2), process.cwd(), (text) => void (output += text));
  } catch (error) {
    if (output !== '') await toStdout(output);
    const message =
      error instanceof CliError
        ? error.message
        : `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    await write(process.stderr, `switchyard: ${message}\n`);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  }
  await toStdout(output);
  // The application module may hold the event loop open (timers, pools): the command is done.
  process.exit(code);
}

await main();
