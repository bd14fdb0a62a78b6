/**
 * Build progress on a terminal: a status line with the elapsed time, redrawn in place.
 *
 * @module
 */

/** The part of a stream progress needs (`process.stderr` fits). */
export interface ProgressStream {
  /** True when the stream is a terminal; progress is shown only then. */
  readonly isTTY?: boolean;
  /** Writes text. */
  write(text: string): unknown;
}

/** A running status line. */
export interface Progress {
  /** Clears the line and, on a terminal, prints `summary` in its place. */
  finish(summary: string): void;
}

/** How often the elapsed time is redrawn, in milliseconds. */
const REDRAW_MS = 100;

/** Carriage return, then ANSI "erase to end of line". */
const CLEAR_LINE = '\r\u001b[K';

/**
 * Starts a status line `label… 1.2 s` on `stream`, redrawn every 100 ms. When the stream is not
 * a terminal nothing is written at all, so piped and captured output stays clean. The timer
 * never keeps the process alive.
 */
export function startProgress(
  stream: ProgressStream,
  label: string,
  now: () => number = Date.now,
): Progress {
  if (stream.isTTY !== true) return { finish: () => {} };
  const started = now();
  const draw = () =>
    stream.write(`${CLEAR_LINE}${label}… ${((now() - started) / 1000).toFixed(1)} s`);
  draw();
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
  return {
    finish(summary) {
      clearInterval(timer);
      stream.write(`${CLEAR_LINE}${summary}\n`);
    },
  };
}
