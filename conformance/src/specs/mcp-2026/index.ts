/**
 * The `mcp-2026` spec: what a server of the 2026-07-28 era owes any client, checked wherever
 * `mcp-base` is, in that era only.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { cacheHintsCheck } from './checks/cache-hints.js';
import { discoverShapeCheck } from './checks/discover.js';
import { envelopeAcceptedCheck, envelopeRequiredCheck } from './checks/envelope.js';
import { headerCaseCheck, headerMismatchCheck } from './checks/headers.js';
import { removedMethodsCheck } from './checks/removed-methods.js';
import { sameForSameAuthorizationCheck, stableOrderCheck } from './checks/tool-listing.js';
import { unsupportedVersionCheck } from './checks/unsupported-version.js';
import { mcp2026Defects } from './defects.js';
import { mcp2026Requirements } from './requirements.js';

/** The `mcp-2026` spec; it extends `mcp-base` in the modern era. */
export const mcp2026Spec: SpecDefinition = {
  name: 'mcp-2026',
  description:
    'MCP 2026-07-28: server/discover, the _meta envelope, versions, headers, removed methods, cache hints, tool lists.',
  requirements: mcp2026Requirements,
  checks: [
    discoverShapeCheck,
    envelopeAcceptedCheck,
    envelopeRequiredCheck,
    unsupportedVersionCheck,
    headerMismatchCheck,
    headerCaseCheck,
    removedMethodsCheck,
    cacheHintsCheck,
    stableOrderCheck,
    sameForSameAuthorizationCheck,
  ],
  defects: mcp2026Defects,
  eras: ['modern'],
  extends: 'mcp-base',
  detect: async () => true,
};
