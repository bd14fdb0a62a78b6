/** Reports progress of a long step; does nothing when stderr is not a terminal. */
export interface Progress {
  /** Shows `done` of `total` for the current step. */
  update(done: number): void;
  /** Clears the line. */
  finish(): void;
}

/** Where progress goes: stderr by default. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** Creates a progress line `label done/total` on `stream`, drawn only when it is a TTY, at most every 100 ms. */
export function createProgress(
  label: string,
  total: number,
  stream: ProgressStream = process.stderr,
): Progress {
  if (stream.isTTY !== true) return { update: () => undefined, finish: () => undefined };
  let drawnAt = 0;
  return {
    update(done) {
      const now = Date.now();
      if (now - drawnAt < 100 && done < total) return;
      drawnAt = now;
      stream.write(`\r\u001b[2K${label} ${done}/${total}`);
    },
    finish() {
      stream.write('\r\u001b[2K');
    },
  };
}
