/**
 * A reader that stops early (`x-conformance --list | head`) closes the pipe under us: the next
 * write fails with `EPIPE`, which Node reports as an unhandled `error` event and a stack trace.
 *
 * @module
 */

/**
 * Ends the process quietly when `stream`'s reader goes away, with the exit code set so far
 * (0 unless a failure already set one): nothing more can be written to that reader anyway.
 * Any other stream error is rethrown as before.
 */
export function exitQuietlyOnBrokenPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit();
  });
}
