/**
 * Progress of long command-line work on a terminal: one status line with the elapsed time,
 * redrawn in place, and nothing at all when the stream is not a terminal.
 *
 * @module
 */

/** The part of a stream progress needs (`process.stderr` fits). */
export interface ProgressStream {
  /** True when the stream is a terminal; progress is shown only then. */
  readonly isTTY?: boolean;
  /** The terminal's width in characters, when known; longer status lines are cut to fit. */
  readonly columns?: number;
  /** Writes text. */
  write(text: string): unknown;
}

/** A running status line. */
export interface Progress {
  /** Replaces the status text (the elapsed time keeps counting from the start). */
  update(label: string): void;
  /** Stops redrawing and, on a terminal, replaces the status line with `summary`; later calls do nothing. */
  finish(summary: string): void;
}

/** Options of {@link startProgress}. */
export interface ProgressOptions {
  /** The clock, in milliseconds (default `Date.now`); tests pass a fake one. */
  now?: () => number;
  /** How often the elapsed time is redrawn, in milliseconds (default 100). */
  redrawMs?: number;
}

/** How often the elapsed time is redrawn when no interval is given, in milliseconds. */
export const DEFAULT_REDRAW_MS = 100;

/** Carriage return, then ANSI "erase to end of line". */
const CLEAR_LINE = '\r\u001b[K';

const SILENT: Progress = { update: () => {}, finish: () => {} };

/**
 * Starts a status line `label… 1.2 s` on `stream`, redrawn every {@link DEFAULT_REDRAW_MS} ms
 * and at every `update`.
 *
 * When `stream.isTTY` is not `true` nothing is written at all, so piped and captured output
 * (a CI log, an MCP client reading a server's stderr) stays clean. The redraw timer never keeps
 * the process alive. A line longer than `stream.columns` is cut with an ellipsis so that
 * redrawing in place still works.
 */
export function startProgress(
  stream: ProgressStream,
  label: string,
  options: ProgressOptions = {},
): Progress {
  if (stream.isTTY !== true) return SILENT;
  const now = options.now ?? Date.now;
  const started = now();
  let current = label;
  let finished = false;
  const draw = (): void => {
    const seconds = ((now() - started) / 1000).toFixed(1);
    stream.write(`${CLEAR_LINE}${fitToWidth(`${current}… ${seconds} s`, stream.columns)}`);
  };
  draw();
  const timer = setInterval(draw, options.redrawMs ?? DEFAULT_REDRAW_MS);
  timer.unref();
  return {
    update(next) {
      if (finished) return;
      current = next;
      draw();
    },
    finish(summary) {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      stream.write(`${CLEAR_LINE}${summary}\n`);
    },
  };
}

/** `line` cut to `columns - 1` characters (the last column would wrap on some terminals). */
function fitToWidth(line: string, columns: number | undefined): string {
  if (columns === undefined || !Number.isInteger(columns) || columns < 2) return line;
  const width = columns - 1;
  return line.length <= width ? line : `${line.slice(0, width - 1)}…`;
}
