/**
 * Bearer tokens mapped to roles: the file format, and the constant-time check of a request.
 *
 * @module
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { CoreError } from '../errors.js';

/** The shortest token accepted: shorter ones are too easy to guess. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * A token -> role map, as in a tokens file (`{"<token>": "<role>"}`).
 *
 * Tokens use the characters a `Bearer` header can carry (RFC 6750 `b64token`: letters, digits,
 * `-._~+/`, then optional `=` padding) and are at least {@link MIN_TOKEN_LENGTH} long; roles
 * are non-empty. At least one token is required: an empty map would lock every caller out.
 */
export const TokensSchema = z
  .record(
    z
      .string()
      .min(MIN_TOKEN_LENGTH, `tokens must be at least ${MIN_TOKEN_LENGTH} characters long`)
      .regex(
        /^[A-Za-z0-9\-._~+/]+=*$/,
        'tokens may only contain letters, digits and -._~+/ (then =)',
      ),
    z.string().min(1, 'roles must not be empty'),
  )
  .refine((tokens) => Object.keys(tokens).length > 0, 'at least one token is required');

/** A token -> role map; see {@link TokensSchema}. */
export type Tokens = z.infer<typeof TokensSchema>;

/**
 * Reads a tokens file (JSON object token -> role) with a clear error naming the file.
 *
 * @throws CoreError `CONFIG_INVALID` when the file cannot be read, is not JSON, or breaks
 * {@link TokensSchema}; the message names the file and the offending entry, never a token.
 */
export async function readTokensFile(path: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw tokensFileError(path, `cannot be read (${errorCode(error)})`, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The syntax error is not kept as the cause: it may quote the file, tokens included.
    throw tokensFileError(path, 'is not valid JSON', undefined);
  }
  const parsed = TokensSchema.safeParse(json);
  // Nor is the zod error: its issue paths hold the tokens.
  if (!parsed.success) throw tokensFileError(path, describeIssues(parsed.error, json), undefined);
  return parsed.data;
}

/** Checks a `tokens` option, throwing `INVALID_ARGUMENT` with the same rules as a tokens file. */
export function validateTokens(tokens: unknown): Tokens {
  const parsed = TokensSchema.safeParse(tokens);
  if (parsed.success) return parsed.data;
  throw new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `Invalid tokens option: ${describeIssues(parsed.error, tokens)}.`,
  });
}

/** The outcome of checking a request's bearer token. */
export type BearerCheck =
  | { outcome: 'missing' }
  | { outcome: 'invalid' }
  | { outcome: 'accepted'; tokenIndex: number; role: string; fingerprint: string };

/**
 * Builds the check of `Authorization: Bearer` headers against `tokens`.
 *
 * Tokens are compared as SHA-256 digests with `timingSafeEqual`, against every configured
 * token without stopping at a match, so timing reveals neither a token nor its length.
 * `tokenIndex` identifies the matched token in this configuration; `fingerprint` (the hex SHA-256
 * of its digest) identifies it across instances, so a session stored for other instances is bound
 * to its token without storing the token.
 */
export function createBearerCheck(tokens: Tokens): (headers: IncomingHttpHeaders) => BearerCheck {
  const entries = Object.entries(tokens).map(([token, role]) => {
    const tokenDigest = digest(token);
    return {
      digest: tokenDigest,
      role,
      fingerprint: createHash('sha256').update(tokenDigest).digest('hex'),
    };
  });
  return (headers) => {
    const match = /^Bearer +([^\s]+) *$/i.exec(headers.authorization ?? '');
    const presented = match?.[1];
    if (presented === undefined) return { outcome: 'missing' };
    const presentedDigest = digest(presented);
    let found: { tokenIndex: number; role: string; fingerprint: string } | undefined;
    entries.forEach((entry, tokenIndex) => {
      if (timingSafeEqual(entry.digest, presentedDigest) && found === undefined) {
        found = { tokenIndex, role: entry.role, fingerprint: entry.fingerprint };
      }
    });
    return found === undefined ? { outcome: 'invalid' } : { outcome: 'accepted', ...found };
  };
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * One line per issue. Issues under a token key would print the token, a secret: they name the
 * entry by its position instead.
 */
function describeIssues(error: z.ZodError, input: unknown): string {
  const keys = typeof input === 'object' && input !== null ? Object.keys(input) : [];
  return error.issues
    .map((issue) => {
      const key = issue.path[0];
      const where = typeof key === 'string' ? `entry ${keys.indexOf(key) + 1}` : 'the object';
      const messages =
        issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message) : [issue.message];
      return `${where}: ${messages.join(', ')}`;
    })
    .join('; ');
}

function tokensFileError(path: string, reason: string, cause: unknown): CoreError {
  return new CoreError({
    code: 'CONFIG_INVALID',
    message: `Tokens file ${path} ${reason}.`,
    data: { file: path },
    ...(cause === undefined ? {} : { cause }),
  });
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : 'unknown error';
}
