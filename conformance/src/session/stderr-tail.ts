/**
 * Keeps the end of a server's stderr, so a failure can quote what the server said last.
 *
 * @module
 */

import type { Readable } from 'node:stream';

const KEPT_CHARACTERS = 4096;

/** The last few kilobytes written to a stream. */
export class StderrTail {
  private text = '';

  /** Starts consuming `stream` (which also keeps a chatty server from blocking on a full pipe). */
  attach(stream: Readable): void {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.text = (this.text + chunk).slice(-KEPT_CHARACTERS);
    });
  }

  /** The last non-empty line, if any. */
  lastLine(): string | undefined {
    const lines = this.text.split('\n').map((line) => line.trim());
    return lines.filter((line) => line.length > 0).at(-1);
  }
}
