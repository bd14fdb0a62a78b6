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
}
