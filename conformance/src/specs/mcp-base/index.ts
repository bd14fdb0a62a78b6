/**
 * The `mcp-base` spec: what every MCP server owes any client.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { capabilityChecks } from './checks/capabilities.js';
import { initializeCheck } from './checks/initialize.js';
import { keepsServingCheck, parseErrorCodeCheck } from './checks/malformed-input.js';
import { paginationCheck } from './checks/pagination.js';
import { pingCheck } from './checks/ping.js';
import { stdoutMessagesOnlyCheck } from './checks/stdio-output.js';
import {
  toolClientSafeNameCheck,
  toolNameCheck,
  toolSchemaCheck,
  toolShapeCheck,
} from './checks/tool-definitions.js';
import { unknownMethodCodeCheck, unknownMethodErrorCheck } from './checks/unknown-method.js';
import { mcpBaseDefects } from './defects.js';
import { mcpBaseRequirements } from './requirements.js';

/** The `mcp-base` spec; it applies to every server. */
export const mcpBaseSpec: SpecDefinition = {
  name: 'mcp-base',
  description:
    'Base MCP protocol: handshake, capabilities, tool listing, ping and JSON-RPC errors.',
  requirements: mcpBaseRequirements,
  checks: [
    initializeCheck,
    ...capabilityChecks,
    toolShapeCheck,
    toolSchemaCheck,
    toolNameCheck,
    toolClientSafeNameCheck,
    pingCheck,
    unknownMethodErrorCheck,
    unknownMethodCodeCheck,
    keepsServingCheck,
    parseErrorCodeCheck,
    stdoutMessagesOnlyCheck,
    paginationCheck,
  ],
  defects: mcpBaseDefects,
  detect: async () => true,
};
