/** What the runner and its workers say to each other. */

/** Runner to worker (over IPC): run this compiled test file; `name` is its path under dist/tests. */
export interface RunFile {
  readonly file: string;
  readonly name: string;
}

/** Worker to runner, on stdout after the file's own output: `FILE_DONE` then this as JSON. */
export interface FileDone {
  /** False when importing the file threw (no test of it ran). */
  readonly loaded: boolean;
  /** uvu's exit code for the file: 1 when a test failed. */
  readonly code: number;
  /** In the unit tier: what the file tried that only the integration tier may do. */
  readonly violations: readonly string[];
}

export const FILE_DONE = '\u0000switchyard-test-file-done ';
