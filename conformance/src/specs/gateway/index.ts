/**
 * The `gateway` spec: the gateway surface (§1-§4, §7) as a client sees it over MCP, in gateway
 * mode (`tool_browse`, `tool_execute`, `tool_view`) and proxy mode (stripped `tools/list`,
 * `tool_hydrate`, `tool_execute`). Checks of one mode skip on the other.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { cardChecks } from './checks/cards.js';
import { controlsChecks } from './checks/controls.js';
import { errorChecks } from './checks/errors.js';
import { executionChecks } from './checks/execution.js';
import { pathChecks } from './checks/paths.js';
import { surfaceChecks } from './checks/surface.js';
import { gatewayRequirements } from './requirements.js';
import { listTools, META_TOOLS } from './surface.js';

/**
 * True when `names` is a gateway (exactly `tool_browse`, `tool_execute`, `tool_view`) or a
 * proxy (`tool_hydrate` and `tool_execute` among its tools).
 */
export function isGatewaySurface(names: readonly string[]): boolean {
  const sorted = [...names].sort();
  const gateway = [META_TOOLS.browse, META_TOOLS.execute, META_TOOLS.view].sort();
  if (JSON.stringify(sorted) === JSON.stringify(gateway)) return true;
  return names.includes(META_TOOLS.hydrate) && names.includes(META_TOOLS.execute);
}

/** The `gateway` spec; it applies to a server listing the gateway's or the proxy's meta-tools. */
export const gatewaySpec: SpecDefinition = {
  name: 'gateway',
  description:
    'Gateway surface §1-§4, §7: meta-tools, cards, paths, errors, validation, firewall, proxy listing.',
  requirements: gatewayRequirements,
  checks: [
    ...surfaceChecks,
    ...cardChecks,
    ...pathChecks,
    ...errorChecks,
    ...executionChecks,
    ...controlsChecks,
  ],
  detect: async (context) => isGatewaySurface((await listTools(context)).map((tool) => tool.name)),
};
