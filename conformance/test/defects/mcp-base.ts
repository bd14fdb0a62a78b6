/** The mcp-base fixture with a defect: over stdio, or (setup `http`) over Streamable HTTP. */

import { fixtureTarget, httpFixtureTarget, MCP_BASE_FIXTURE } from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The kit of `mcp-base`. */
export function mcpBaseKit(): DefectKit {
  return {
    target: (setup, defect) =>
      setup === 'http'
        ? httpFixtureTarget(MCP_BASE_FIXTURE, ['--defect', defect])
        : fixtureTarget(MCP_BASE_FIXTURE, '--defect', defect),
  };
}
