/**
 * What the conformance kit hands the `mcp-auth` checks of a target registered with
 * `auth: 'oauth'`: the resource it was configured as and the tokens its test issuer minted.
 *
 * @module
 */

/** The tokens of one target, each a compact JWT from the kit's test issuer. */
export interface OAuthTestTokens {
  /** For this resource, unexpired, every scope the target names. */
  readonly valid: string;
  /** Another valid token (another `jti`): the one the accepted check presents. */
  readonly fresh: string;
  /** Like `valid`, for another resource (RFC 8707 audience). */
  readonly wrongAudience: string;
  /** Like `valid`, expired. */
  readonly expired: string;
  /** Like `valid`, signed by a key the issuer's JWKS does not publish. */
  readonly badSignature: string;
  /** Like `valid`, without the scope of the target's scope-restricted tool. */
  readonly limitedScope: string;
}

/** A target's OAuth test credentials (`TargetDescription.auth`). */
export interface OAuthCredentials {
  /** The canonical URI the target was configured with (`resource` of its `--oauth` file). */
  readonly resource: string;
  /** The issuer that minted the tokens. */
  readonly issuer: string;
  /** The tokens. */
  readonly tokens: OAuthTestTokens;
}

/** The scope every token of the kit carries; the scope-restricted tool needs one more. */
export const BASE_TEST_SCOPE = 'mcp:tools';
