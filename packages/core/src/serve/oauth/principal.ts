/**
 * Who a verified token stands for: its principal's fingerprint (the caller scope and the session
 * binding key, as a static token's fingerprint is) and its role.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import type { RoleMapping } from './oauth-options.js';
import type { VerifiedToken } from './token-verdict.js';

/**
 * The hex SHA-256 of the JSON array `[iss, subject]`: one value per principal across tokens,
 * refreshes and instances, and never the token.
 */
export function principalFingerprint(token: Pick<VerifiedToken, 'issuer' | 'subject'>): string {
  return createHash('sha256')
    .update(JSON.stringify([token.issuer, token.subject]), 'utf8')
    .digest('hex');
}

/**
 * The role of `token` under `mapping`: the claim's value (a string, or the first string of an
 * array) when set, else the first scope rule whose scope the token carries, else the default.
 */
export function roleOf(
  token: Pick<VerifiedToken, 'scopes' | 'claims'>,
  mapping: RoleMapping | undefined,
): string | undefined {
  if (mapping === undefined) return undefined;
  if (mapping.claim !== undefined) {
    const value = token.claims[mapping.claim];
    const role = Array.isArray(value) ? value.find((entry) => typeof entry === 'string') : value;
    if (typeof role === 'string' && role !== '') return role;
  }
  const rule = mapping.scopes?.find((candidate) => token.scopes.includes(candidate.scope));
  return rule?.role ?? mapping.default;
}
