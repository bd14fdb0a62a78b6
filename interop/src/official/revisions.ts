/**
 * The MCP specification revisions the official suite is run at, one run per revision and app.
 *
 * @module
 */

/** Every revision, in run order: the last 2025 one (sessions) and the stateless 2026 one. */
export const SPEC_REVISIONS = ['2025-11-25', '2026-07-28'] as const;

/** One of {@link SPEC_REVISIONS}. */
export type SpecRevision = (typeof SPEC_REVISIONS)[number];

/** Whether `value` names one of {@link SPEC_REVISIONS}. */
export function isSpecRevision(value: string): value is SpecRevision {
  return (SPEC_REVISIONS as readonly string[]).includes(value);
}
