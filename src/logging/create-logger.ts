import { createRequire } from 'node:module';
import type { Logger, pino as Pino } from 'pino';
import type { LoggerSetting } from '../config.js';
import { LogicException } from '../errors/logic-exception.js';
import { AccessLog, attachAccessLog } from './access-log.js';
import { DEFAULT_LOG_BUFFER_BYTES, FdSink } from './fd-sink.js';

/**
 * The logger for a `logger` setting, made once at boot: none for `false`;
 * the given logger as it is; otherwise a pino logger to stdout whose level is
 * the options' `level`, else `LOG_LEVEL`, else `info`. A bad level is a
 * `LogicException` naming it. `bufferBytes`: `log_buffer_size`, the lines a
 * plain logger keeps while stdout takes none.
 */
export function createLogger(
  setting: LoggerSetting,
  env: NodeJS.ProcessEnv = process.env,
  bufferBytes = DEFAULT_LOG_BUFFER_BYTES,
): Logger | undefined {
  if (setting === false) return undefined;
  if (isLogger(setting)) return setting;
  const options = setting === true ? {} : setting;
  const level = options.level ?? (env['LOG_LEVEL'] || 'info');
  // Loaded here, not imported: an application without logging never loads pino.
  const pino = createRequire(import.meta.url)('pino') as typeof Pino;
  try {
    // Plain settings (`true`, or only a level): pino writes to stdout through a sink of ours, and
    // the per-request line takes a faster path to that same sink (access-log.ts, fd-sink.ts).
    const plain = Object.keys(options).every((key) => key === 'level');
    return plain ? plainLogger(pino, level, 1, bufferBytes) : pino({ ...options, level });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LogicException(`The logger could not be created (level "${level}"): ${reason}.`);
  }
}

/**
 * The logger `logger: true` makes, writing to the descriptor `fd` (stdout in
 * an application; /dev/null in the benchmarks, which measure this same
 * logger): pino on an `FdSink` keeping up to `bufferBytes` of lines while
 * `fd` is full, and the request line's fast path to that sink.
 */
export function plainLogger(pino: typeof Pino, level: string, fd: number, bufferBytes = DEFAULT_LOG_BUFFER_BYTES): Logger {
  const destination = new FdSink(fd, bufferBytes);
  const logger = pino({ level }, destination);
  attachAccessLog(logger, new AccessLog(destination, logger.levels.values['info']!));
  return logger;
}

/** A pino logger (or one shaped like it), as opposed to pino options. */
function isLogger(value: unknown): value is Logger {
  const candidate = value as Partial<Logger> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.info === 'function' &&
    typeof candidate.error === 'function' &&
    typeof candidate.child === 'function'
  );
}
