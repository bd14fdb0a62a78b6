/**
 * Checks of `mcp.capabilities.*`: a declared capability is served, a served one is declared.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { describeError } from '../../../errors.js';
import { fail, pass } from '../../../outcome.js';
import { LIST_METHODS, type ListMethod, requestPage } from '../list-methods.js';

function createCapabilityCheck(list: ListMethod): Check {
  const { capability, method, key } = list;
  return {
    requirement: `mcp.capabilities.${capability}`,
    definedIn: import.meta.url,
    async run(context) {
      const client = await context.client();
      const declared = client.getServerCapabilities()?.[capability] !== undefined;
      let result: Record<string, unknown>;
      try {
        result = await requestPage(client, list, undefined, context);
      } catch (error) {
        return declared
          ? fail(`declares ${capability} but ${method} failed: ${describeError(error)}`)
          : pass(`${capability} not declared, and ${method} is refused`);
      }
      const items = result[key];
      if (declared) {
        return Array.isArray(items)
          ? pass(`declared, and ${method} answers (${items.length} on the first page)`)
          : fail(`declares ${capability} but the ${method} result has no ${key} array`);
      }
      const count = Array.isArray(items) ? items.length : 0;
      return count === 0
        ? pass(`${capability} not declared, and ${method} lists nothing`)
        : fail(`${method} lists ${count} ${key} but the ${capability} capability is not declared`);
    },
  };
}

/** One check per server feature: tools, resources, prompts (templates belong to resources). */
export const capabilityChecks: readonly Check[] = LIST_METHODS.filter(
  (list) => list.method !== 'resources/templates/list',
).map(createCapabilityCheck);
