/**
 * Requirements: one normative statement of a source document, in our own words.
 *
 * @module
 */

/** The strength a source gives a requirement (RFC 2119 keywords). */
export type RequirementLevel = 'MUST' | 'SHOULD' | 'MAY';

/** Every level, strongest first. */
export const REQUIREMENT_LEVELS: readonly RequirementLevel[] = ['MUST', 'SHOULD', 'MAY'];

/**
 * The profile of this project's own choices: requirements that no spec states (our design
 * decisions, stricter readings, MAY behaviours we implement). `pnpm conformance` runs it for the
 * reference targets; other targets get it only when asked (`--profile x-profile`).
 */
export const X_PROFILE = 'x-profile';

/** The profiles a requirement can belong to (absent: the spec itself requires it). */
export type RequirementProfile = typeof X_PROFILE;

/** Every profile, in listing order. */
export const REQUIREMENT_PROFILES: readonly RequirementProfile[] = [X_PROFILE];

/**
 * One entry of the requirement catalog.
 *
 * `spec` names the source document the statement comes from (`mcp-2025-11-25`, `jsonrpc-2.0`),
 * not the conformance spec (`mcp-base`) whose folder lists it; `section` is that document's
 * section, so a reader can find the original wording.
 */
export interface Requirement {
  /** Stable dotted id, unique across every registered spec (`mcp.ping.empty-result`). */
  readonly id: string;
  /** The source document: `mcp-2025-11-25`, `jsonrpc-2.0`, ... */
  readonly spec: string;
  /** Where in the source document the statement is. */
  readonly section: string;
  /** The level the source gives it. */
  readonly level: RequirementLevel;
  /** One line in our own words. */
  readonly summary: string;
  /**
   * The key phrase of the source statement, short and in our own words (`--list` quotes it);
   * the summary stands in when absent.
   */
  readonly phrase?: string;
  /**
   * Set when the statement is this project's choice rather than the spec's: the check runs only
   * when the profile is selected, and its results are reported apart from the spec's.
   */
  readonly profile?: RequirementProfile;
  /** A remark on how the source was read: a contradiction inside it, the weaker reading taken. */
  readonly note?: string;
  /**
   * Why no client can observe the statement over MCP; such a requirement has no check and is
   * listed so the catalog accounts for every statement of its source.
   */
  readonly unobservable?: string;
}

/** Whether a requirement is the spec's or a profile's, as `--list` and reports show it. */
export function requirementKind(requirement: Requirement): 'spec' | RequirementProfile {
  return requirement.profile ?? 'spec';
}
