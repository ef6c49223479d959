/** A failure the CLI reports as one line on stderr, with its exit code (1: failed, 2: wrong usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
