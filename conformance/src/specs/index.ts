/**
 * The registry of conformance specs. A spec joins with a folder `src/specs/<name>/` exporting a
 * `SpecDefinition` (servers) or a `DriverSpecDefinition` (driver libraries), and one entry here.
 *
 * @module
 */

import type { DriverSpecDefinition } from '../driver/driver-check.js';
import type { SpecCatalogEntry, SpecDefinition } from '../spec.js';
import { cashSpec } from './cash/index.js';
import { contextCacheSpec } from './context-cache/index.js';
import { gatewaySpec } from './gateway/index.js';
import { mcp2026Spec } from './mcp-2026/index.js';
import { mcpAuthSpec } from './mcp-auth/index.js';
import { mcpBaseSpec } from './mcp-base/index.js';
import { mcpSkillsSpec } from './mcp-skills/index.js';
import { mcsSpec } from './mcs/index.js';
import { progressiveDisclosureSpec } from './progressive-disclosure/index.js';

/** Every registered spec, in report order. */
export const specRegistry: readonly SpecDefinition[] = [
  mcpBaseSpec,
  mcp2026Spec,
  mcpSkillsSpec,
  mcpAuthSpec,
  progressiveDisclosureSpec,
  contextCacheSpec,
  gatewaySpec,
  cashSpec,
];

/** Every registered driver spec (checked on driver modules, not servers), in report order. */
export const driverSpecRegistry: readonly DriverSpecDefinition[] = [mcsSpec];

/** The whole requirement catalog: the server specs, then the driver specs. */
export function specCatalog(): readonly SpecCatalogEntry[] {
  return [...specRegistry, ...driverSpecRegistry];
}
