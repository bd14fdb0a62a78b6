import { startProgress } from '@x/core/progress';

/** Counts the steps of a long loop on a terminal status line; silent when stderr is not a terminal. */
export interface Progress {
  /** Shows `done` of `total` for the current step. */
  update(done: number): void;
  /** Ends the status line with the final count. */
  finish(): void;
}

/** Where progress goes: stderr by default. */
export interface ProgressStream {
  /** True when the stream is a terminal; progress is shown only then. */
  readonly isTTY?: boolean;
  /** The terminal's width in characters, when known. */
  readonly columns?: number;
  /** Writes text. */
  write(text: string): unknown;
}

/**
 * A counting status line `label done/total` drawn by `@x/core/progress` on `stream`, redrawn at
 * most every 100 ms while counting.
 */
export function createProgress(
  label: string,
  total: number,
  stream: ProgressStream = process.stderr,
): Progress {
  const line = startProgress(stream, `${label} 0/${total}`);
  let drawnAt = 0;
  return {
    update(done) {
      const now = Date.now();
      if (now - drawnAt < 100 && done < total) return;
      drawnAt = now;
      line.update(`${label} ${done}/${total}`);
    },
    finish() {
      line.finish(`${label} ${total}/${total}`);
    },
  };
}
