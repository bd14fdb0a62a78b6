/**
 * The error of a server that cannot start for a reason the operator can fix.
 *
 * @module
 */

/** A start-up failure the operator can fix (a missing root, no repository); printed as one line, exit 1. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
