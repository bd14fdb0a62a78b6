/**
 * The `gateway` spec: the gateway surface (§1-§5, §7, §9) as a client sees it over MCP, in
 * gateway mode (`tool_browse`, `tool_execute`, `tool_view`, and the §9.4 primitive meta-tools
 * when resources and prompts are on) and proxy mode (stripped `tools/list`, `tool_hydrate`,
 * `tool_execute`). Checks of one mode skip on the other.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { cacheStableChecks } from './checks/cache-stable.js';
import { cardChecks } from './checks/cards.js';
import { controlsChecks } from './checks/controls.js';
import { deepPathsCheck } from './checks/deep-paths.js';
import { errorChecks } from './checks/errors.js';
import { executionChecks } from './checks/execution.js';
import { keywordlessRuleChecks } from './checks/keywordless-rules.js';
import { pathChecks } from './checks/paths.js';
import { primitiveReadChecks } from './checks/primitive-reads.js';
import { primitiveBrowseChecks } from './checks/primitives.js';
import { errorsNotCachedCheck } from './checks/probe-cache.js';
import { probeFailureChecks } from './checks/probe-failures.js';
import { probeUpstreamChecks } from './checks/probe-upstream.js';
import { isGatewayToolList, surfaceChecks } from './checks/surface.js';
import { gatewayDefects } from './defects.js';
import { gatewayRequirements } from './requirements.js';
import { listTools, META_TOOLS } from './surface.js';

/**
 * True when `names` is a gateway (exactly `tool_browse`, `tool_execute`, `tool_view`, plus the
 * §9.4 primitive meta-tools in pairs) or a proxy (`tool_hydrate` and `tool_execute` among its
 * tools).
 */
export function isGatewaySurface(names: readonly string[]): boolean {
  if (isGatewayToolList(names)) return true;
  return names.includes(META_TOOLS.hydrate) && names.includes(META_TOOLS.execute);
}

/** The `gateway` spec; it applies to a server listing the gateway's or the proxy's meta-tools. */
export const gatewaySpec: SpecDefinition = {
  name: 'gateway',
  description:
    'Gateway surface §1-§5, §7, §9: meta-tools, cards, paths, errors, validation, firewall, proxy listing, controls, cache-stable browsing, resources and prompts.',
  requirements: gatewayRequirements,
  checks: [
    ...surfaceChecks,
    ...cardChecks,
    ...pathChecks,
    deepPathsCheck,
    ...errorChecks,
    ...executionChecks,
    ...keywordlessRuleChecks,
    ...controlsChecks,
    ...cacheStableChecks,
    ...primitiveBrowseChecks,
    ...primitiveReadChecks,
    ...probeUpstreamChecks,
    ...probeFailureChecks,
    errorsNotCachedCheck,
  ],
  defects: gatewayDefects,
  detect: async (context) => isGatewaySurface((await listTools(context)).map((tool) => tool.name)),
};
