/**
 * Secrets out of log lines: every secret the app knows (bearer tokens, upstream headers and
 * environment values, credentials in URLs) is replaced before a line is written, and so is
 * anything shaped like one (`Bearer ...`, `user:password@` in a URL).
 *
 * Written here rather than taken from a logging library: their redaction works on known field
 * paths, while a secret can sit inside any message (an upstream's error text, a URL), so every
 * string is scanned for the exact values the app was configured with.
 *
 * @module
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not scanned for (they would match ordinary words). */
export const MIN_SECRET_LENGTH = 6;

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*(?::[^/\s@]*)?@/gi;

/** Removes secrets from text. */
export interface Redactor {
  /** Adds secrets to scan for (values shorter than {@link MIN_SECRET_LENGTH} are ignored). */
  addSecrets(secrets: Iterable<string>): void;
  /** `text` with every known secret and every secret-shaped token replaced by {@link REDACTED}. */
  redact(text: string): string;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Creates a redactor that knows `secrets`. */
export function createRedactor(secrets: Iterable<string> = []): Redactor {
  const known = new Set<string>();
  let pattern: RegExp | undefined;
  const redactor: Redactor = {
    addSecrets(more) {
      for (const secret of more) if (secret.length >= MIN_SECRET_LENGTH) known.add(secret);
      // Longest first, so that a secret containing another is replaced whole.
      const sorted = [...known].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
      pattern =
        sorted.length === 0 ? undefined : new RegExp(sorted.map(escapeForPattern).join('|'), 'g');
    },
    redact(text) {
      const exact = pattern === undefined ? text : text.replace(pattern, REDACTED);
      return exact
        .replace(BEARER, (_match, scheme: string) => `${scheme} ${REDACTED}`)
        .replace(URL_CREDENTIALS, (_match, scheme: string) => `${scheme}${REDACTED}@`);
    },
  };
  redactor.addSecrets(secrets);
  return redactor;
}
