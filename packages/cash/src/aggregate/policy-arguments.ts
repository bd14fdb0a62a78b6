/**
 * Per-caller tool policies (`@x/core/policy`) over an aggregation: the argument check of the
 * calls of one server's tools.
 *
 * @module
 */

import { CoreError } from '@x/core';
import type { PolicyEngine } from '@x/core/policy';
import type { CallerContext } from '@x/core/serve';
import { wireError } from '../results.js';

/**
 * The argument check of one aggregated server's calls: refuses kwargs outside the caller's
 * role constraints with `INVALID_ARGUMENTS` before the upstream sees them.
 */
export function policyArgumentCheck(
  policies: PolicyEngine,
  server: string,
): (tool: string, kwargs: Record<string, unknown>, caller: CallerContext | undefined) => void {
  return (tool, kwargs, caller) => {
    try {
      policies.forRole(caller?.role).checkArguments(server, tool, kwargs);
    } catch (error) {
      if (!CoreError.isInstance(error) || error.code !== 'POLICY_DENIED') throw error;
      const problem = `${error.message} (a policy of this caller's role)`;
      throw wireError('INVALID_ARGUMENTS', problem, { problems: [problem] });
    }
  };
}
