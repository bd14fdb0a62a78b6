/**
 * JWT access tokens (RFC 9068) checked with `jose` against the issuer's JWKS: signature with an
 * allowed algorithm, `iss`, `aud` naming the resource (RFC 8707 §2), `exp` and `nbf`.
 *
 * @module
 */

import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { discoverJwksUri } from './discovery.js';
import type { TokenVerdict } from './token-verdict.js';
import { parseScopes } from './www-authenticate.js';

/** How long one JWKS request may take before the check is `unavailable`. */
const JWKS_TIMEOUT_MS = 5_000;

/** `jose` error codes that mean the token itself is bad (every other failure: keys unreachable). */
const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set([
  errors.JWTClaimValidationFailed.code,
  errors.JWTExpired.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
]);

/** What {@link createJwtVerifier} checks tokens against. */
export interface JwtVerifierOptions {
  /** The expected `iss`. */
  readonly issuer: string;
  /** The JWKS URL; discovered from the issuer's metadata when absent. */
  readonly jwksUri: string | undefined;
  /** The audience every token must name: the resource's canonical URI. */
  readonly audience: string;
  /** The allowed JWS algorithms. */
  readonly algorithms: readonly string[];
  /** Seconds of clock skew tolerated. */
  readonly clockToleranceSeconds: number;
}

/** Checks one compact JWT. */
export type JwtVerifier = (token: string) => Promise<TokenVerdict>;

/**
 * Builds a verifier. The JWKS (and, without `jwksUri`, its discovery) is fetched on the first
 * token and cached by `jose`, refreshed when an unknown `kid` appears; a failed discovery is
 * retried on the next token.
 */
export function createJwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const keys = () => {
    keySet ??= (async () =>
      createRemoteJWKSet(new URL(options.jwksUri ?? (await discoverJwksUri(options.issuer))), {
        timeoutDuration: JWKS_TIMEOUT_MS,
      }))();
    keySet.catch(() => {
      keySet = undefined;
    });
    return keySet;
  };
  return async (token) => {
    // A token that is no JWS of an allowed algorithm is refused before any key is fetched.
    const malformed = headerProblem(token, options.algorithms);
    if (malformed !== undefined) return { outcome: 'invalid', reason: malformed };
    let getKey: ReturnType<typeof createRemoteJWKSet>;
    try {
      getKey = await keys();
    } catch (error) {
      return { outcome: 'unavailable', reason: reasonOf(error) };
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...options.algorithms],
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      return error instanceof errors.JOSEError && TOKEN_ERROR_CODES.has(error.code)
        ? { outcome: 'invalid', reason: tokenReason(error) }
        : { outcome: 'unavailable', reason: reasonOf(error) };
    }
    const subject = payload.sub ?? payload.client_id;
    if (typeof subject !== 'string' || subject === '') {
      return { outcome: 'invalid', reason: 'the token names no sub or client_id' };
    }
    return {
      outcome: 'accepted',
      token: {
        issuer: options.issuer,
        subject,
        scopes: parseScopes(payload.scope ?? payload.scp),
        claims: payload,
      },
    };
  };
}

/** Why the token's protected header is unacceptable, or `undefined` when it is fine. */
function headerProblem(token: string, algorithms: readonly string[]): string | undefined {
  let alg: unknown;
  try {
    ({ alg } = decodeProtectedHeader(token));
  } catch {
    return 'the token is not a well-formed JWT';
  }
  return typeof alg === 'string' && algorithms.includes(alg)
    ? undefined
    : "the token's algorithm is not allowed";
}

/** A reason naming the failed check, not the token's content. */
function tokenReason(error: InstanceType<typeof errors.JOSEError>): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `the token's ${error.claim} claim is not accepted`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'the token signature does not verify';
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "the token's algorithm is not allowed";
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the issuer matches the token';
  return 'the token is not a well-formed JWT';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
