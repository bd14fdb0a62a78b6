/** The defect kit of every spec in the catalog, by spec name. */

import { cashKit } from './cash.js';
import { contextCacheKit } from './context-cache.js';
import { gatewayKit } from './gateway.js';
import type { DefectKit } from './kit.js';
import { mcp2026Kit } from './mcp-2026.js';
import { mcpAuthKit } from './mcp-auth.js';
import { mcpBaseKit } from './mcp-base.js';
import { mcpSkillsKit } from './mcp-skills.js';
import { mcsKit } from './mcs.js';
import { progressiveDisclosureKit } from './progressive-disclosure.js';

/** Each spec's kit; `test/defects.test.ts` fails for a spec of the catalog without one. */
export const DEFECT_KITS: Readonly<Record<string, () => DefectKit>> = {
  'mcp-base': mcpBaseKit,
  'mcp-2026': mcp2026Kit,
  'mcp-skills': mcpSkillsKit,
  'mcp-auth': mcpAuthKit,
  'progressive-disclosure': progressiveDisclosureKit,
  'context-cache': contextCacheKit,
  gateway: gatewayKit,
  cash: cashKit,
  mcs: mcsKit,
};
