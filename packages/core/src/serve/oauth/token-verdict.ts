/**
 * The outcome of checking one access token, shared by the JWT verifier and introspection.
 *
 * @module
 */

/** What a verified token says about its caller. */
export interface VerifiedToken {
  /** The `iss` it was issued by. */
  readonly issuer: string;
  /** Who it stands for: `sub`, or `client_id` for a token of a client acting for itself. */
  readonly subject: string;
  /** The scopes it grants. */
  readonly scopes: readonly string[];
  /** Its claims (for the role mapping). */
  readonly claims: Readonly<Record<string, unknown>>;
}

/**
 * A token check: accepted, refused (`invalid`: the caller must get another token), or not
 * decidable now (`unavailable`: the issuer's keys or introspection could not be reached, a 503).
 * `reason` is safe to show: it never quotes the token.
 */
export type TokenVerdict =
  | { readonly outcome: 'accepted'; readonly token: VerifiedToken }
  | { readonly outcome: 'invalid'; readonly reason: string }
  | { readonly outcome: 'unavailable'; readonly reason: string };
