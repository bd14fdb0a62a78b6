/**
 * The `WWW-Authenticate: Bearer` challenge of the resource server (RFC 6750 §3, RFC 9728 §5.1)
 * and the parsing of a token's scopes (RFC 6749 §3.3).
 *
 * @module
 */

/** The `error` codes of a Bearer challenge (RFC 6750 §3.1). */
export type BearerErrorCode = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

/** What {@link formatBearerChallenge} puts in the challenge. */
export interface BearerChallenge {
  /** The URL of the protected-resource metadata (RFC 9728 §5.1 `resource_metadata`). */
  readonly resourceMetadata: string;
  /** Why the request was refused; absent when no token was sent (RFC 6750 §3.1). */
  readonly error?: BearerErrorCode;
  /** A human-readable reason (ASCII; never the token). */
  readonly errorDescription?: string;
  /** The scopes the request needs (RFC 6750 §3 `scope`). */
  readonly scopes?: readonly string[];
}

/**
 * Quotes `value` as an HTTP quoted-string (RFC 9110 §5.6.4): `"` and `\` are escaped, and
 * characters a header cannot carry (controls, non-ASCII) become `?`.
 */
export function quoteHeaderValue(value: string): string {
  const printable = value.replace(/[^\x20-\x7E]/gu, '?');
  return `"${printable.replace(/["\\]/gu, (character) => `\\${character}`)}"`;
}

/** The value of a `WWW-Authenticate` header for `challenge`. */
export function formatBearerChallenge(challenge: BearerChallenge): string {
  const parameters = [`resource_metadata=${quoteHeaderValue(challenge.resourceMetadata)}`];
  if (challenge.error !== undefined) parameters.push(`error=${quoteHeaderValue(challenge.error)}`);
  if (challenge.errorDescription !== undefined) {
    parameters.push(`error_description=${quoteHeaderValue(challenge.errorDescription)}`);
  }
  if (challenge.scopes !== undefined && challenge.scopes.length > 0) {
    parameters.push(`scope=${quoteHeaderValue(challenge.scopes.join(' '))}`);
  }
  return `Bearer ${parameters.join(', ')}`;
}

/**
 * The scopes of a token: the `scope` claim as a space-separated list (RFC 8693 §4.2, RFC 9068
 * §2.2.3), or an array (the `scp` form some issuers use). Empty entries, duplicates and
 * non-strings are dropped; the order of first appearance is kept.
 */
export function parseScopes(claim: unknown): string[] {
  const entries =
    typeof claim === 'string'
      ? claim.split(' ')
      : Array.isArray(claim)
        ? claim.filter((entry): entry is string => typeof entry === 'string')
        : [];
  return [...new Set(entries.filter((entry) => entry !== ''))];
}
