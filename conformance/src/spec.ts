/**
 * Spec definitions: a named group of requirements and checks, and how to detect a server that
 * implements it.
 *
 * @module
 */

import type { Check, CheckContext } from './check.js';
import type { DefectTable } from './defect.js';
import type { Era } from './era/era.js';
import type { Requirement } from './requirement.js';

/**
 * What every spec has, whatever it checks (a server over MCP, or a driver library loaded in
 * process): the catalog, report and consistency code read only these.
 */
export interface SpecCatalogEntry {
  /** The name used by `--spec` and in reports. */
  readonly name: string;
  /** One line saying what the spec covers. */
  readonly description: string;
  /** The requirements, in report order. */
  readonly requirements: readonly Requirement[];
  /** The checks; each names one of `requirements` and the module that defines it. */
  readonly checks: readonly { readonly requirement: string; readonly definedIn?: string }[];
  /** The broken fixtures that prove each check can fail (every registered spec has them). */
  readonly defects?: DefectTable;
}

/**
 * One conformance spec of servers (`mcp-base`, later `cash`, ...), kept in `src/specs/<name>/`
 * and listed once in the spec registry.
 */
export interface SpecDefinition extends SpecCatalogEntry {
  /** The checks; each names one of `requirements`. */
  readonly checks: readonly Check[];
  /** The protocol eras the spec applies to (default: every era). */
  readonly eras?: readonly Era[];
  /**
   * The spec this one extends: wherever that one is checked (named by a target or `--spec`),
   * this one is too, in the eras it applies to (`mcp-2026` extends `mcp-base`).
   */
  readonly extends?: string;
  /**
   * Whether the target implements this spec; called when neither `--spec` nor the target
   * registry says which specs apply. A throw counts as "not detected".
   */
  detect(context: CheckContext): Promise<boolean>;
}
