import { isDeepStrictEqual } from 'node:util';
import { call } from './http-call.js';
import { ECHO, STATUS, type Operation } from './operations.js';

interface Case {
  readonly label: string;
  readonly op: Operation;
  readonly body?: string;
  readonly status: number;
  /** The exact body expected; undefined: any JSON body. */
  readonly json?: unknown;
}

const CASES: readonly Case[] = [
  { label: 'status', op: STATUS, status: 200, json: STATUS.expected },
  { label: 'echo', op: ECHO, status: 200, json: ECHO.expected },
  {
    label: 'echo, 255 characters',
    op: ECHO,
    body: JSON.stringify({ message: 'x'.repeat(255) }),
    status: 200,
    json: { message: 'x'.repeat(255) },
  },
  { label: 'echo, message missing', op: ECHO, body: '{}', status: 422 },
  { label: 'echo, message not a string', op: ECHO, body: JSON.stringify({ message: 123 }), status: 422 },
  { label: 'echo, 256 characters', op: ECHO, body: JSON.stringify({ message: 'x'.repeat(256) }), status: 422 },
];

/**
 * Checks that the server on `port` answers both operations correctly before
 * it is loaded. Returns the list of failures (empty when every case passed).
 */
export async function checkAnswers(port: number): Promise<string[]> {
  const failures: string[] = [];
  for (const c of CASES) {
    const where = `${c.label} (${c.op.method} ${c.op.path})`;
    try {
      const answer = await call(port, c.op.method, c.op.path, c.op.headers, c.body ?? c.op.body);
      if (answer.status !== c.status) {
        failures.push(`${where}: expected ${c.status}, got ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('application/json')) failures.push(`${where}: content-type is "${type}", not application/json`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        failures.push(`${where}: the body is not JSON: ${answer.text.slice(0, 200)}`);
        continue;
      }
      if (c.json !== undefined && !isDeepStrictEqual(parsed, c.json)) {
        failures.push(`${where}: expected ${JSON.stringify(c.json).slice(0, 100)}, got ${answer.text.slice(0, 200)}`);
      }
    } catch (error) {
      failures.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failures;
}
