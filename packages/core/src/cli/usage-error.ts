/**
 * The error of a command line a program cannot run.
 *
 * @module
 */

/**
 * A command line the program cannot run (an unknown command or flag, a missing or bad value).
 * {@link runMain} prints its message and the usage and exits with status 2.
 *
 * Programs parse and run with the same copy of `@x/core`, so `instanceof` recognises it.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
