/**
 * The apps' log: one human line per event on stderr by default (`x-gateway: serving ...`, as
 * before), or one JSON object per line with `--log-format json`, filtered by `--log-level`.
 *
 * Every string that reaches a line, the message and each field, passes the {@link Redactor}
 * first. Nothing logs argument values or results: callers pass names, counts and outcomes.
 *
 * @module
 */

import { createRedactor, type Redactor } from './redactor.js';

/** The levels, least severe first; `silent` writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** How much to log. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The two line formats. */
export const LOG_FORMATS = ['human', 'json'] as const;
/** How lines look. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** A field of a log line: names, counts, outcomes (never an argument value or a secret). */
export type LogFieldValue = string | number | boolean | undefined;
/** The fields of one log line. */
export type LogFields = Readonly<Record<string, LogFieldValue>>;

/** Where lines go (`process.stderr`, or a test's recorder). */
export interface LogSink {
  /** Writes one line, newline included. */
  write(text: string): unknown;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** The program's name, which starts every human line and is the JSON `program`. */
  program: string;
  /** The line format (default `human`). */
  format?: LogFormat;
  /** The least severe level written (default `info`). */
  level?: LogLevel;
  /** Where lines go (default `process.stderr`). */
  sink?: LogSink;
  /** Removes secrets from every line (default: one that knows no secret yet). */
  redactor?: Redactor;
  /** The time of a JSON line (default: now, ISO 8601). */
  now?: () => string;
}

/** Writes log events. */
export interface Logger {
  /** The least severe level written. */
  readonly level: LogLevel;
  /** The format of the lines. */
  readonly format: LogFormat;
  /** The redactor every line passes; add secrets to it as the app learns them. */
  readonly redactor: Redactor;
  /** Whether a line at `level` would be written. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
  /** Logs `event` (a dotted name, `server.listening`) with a human `message` and `fields`. */
  debug(event: string, message: string, fields?: LogFields): void;
  /** Like {@link Logger.debug}, at `info`. */
  info(event: string, message: string, fields?: LogFields): void;
  /** Like {@link Logger.debug}, at `warn`. */
  warn(event: string, message: string, fields?: LogFields): void;
  /** Like {@link Logger.debug}, at `error`. */
  error(event: string, message: string, fields?: LogFields): void;
}

const RANK: Readonly<Record<LogLevel, number>> = {
  debug: 0,
  info: 1,
  warn: 2,
  error: 3,
  silent: 4,
};

/** Creates a logger. */
export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? 'human';
  const level = options.level ?? 'info';
  const sink = options.sink ?? process.stderr;
  const redactor = options.redactor ?? createRedactor();
  const now = options.now ?? (() => new Date().toISOString());
  const enabled = (at: Exclude<LogLevel, 'silent'>) => RANK[at] >= RANK[level];

  function write(
    at: Exclude<LogLevel, 'silent'>,
    event: string,
    message: string,
    fields: LogFields = {},
  ) {
    if (!enabled(at)) return;
    const text = redactor.redact(message).replace(/\s*\n\s*/g, ' ');
    if (format === 'human') {
      sink.write(`${options.program}: ${text}\n`);
      return;
    }
    const line: Record<string, string | number | boolean> = {
      time: now(),
      level: at,
      program: options.program,
      event,
      message: text,
    };
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined || name in line) continue;
      line[name] = typeof value === 'string' ? redactor.redact(value) : value;
    }
    sink.write(`${JSON.stringify(line)}\n`);
  }

  return {
    level,
    format,
    redactor,
    enabled,
    debug: (event, message, fields) => write('debug', event, message, fields),
    info: (event, message, fields) => write('info', event, message, fields),
    warn: (event, message, fields) => write('warn', event, message, fields),
    error: (event, message, fields) => write('error', event, message, fields),
  };
}
