/**
 * The key a caller's grants are kept under: grants are per session (progressive-disclosure
 * §5.1), while the description-read limit follows the caller scope, which all 2025-era sessions
 * of one authenticated caller share.
 *
 * @module
 */

import { sessionScope } from '@x/core/serve';

/**
 * The grant key of an instance: its own 2025-era session's scope when it serves one (so a new
 * session of the same caller starts with no grants, §5.1), otherwise `scope` (one stdio
 * connection, or one 2026-07-28 caller, whose requests share its grants).
 */
export function grantKeyOf(
  scope: string,
  sessionId: string | undefined,
  era: 'legacy' | 'modern',
): string {
  return era === 'legacy' && sessionId !== undefined ? sessionScope(sessionId) : scope;
}
