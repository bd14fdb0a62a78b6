/**
 * The `context-cache` spec: the MCP interface of context caches (`context-cache-mcp.md`) with
 * the tool documents, error schema and selection rules it refers to.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { budgetChecks } from './checks/budget.js';
import { determinismChecks } from './checks/determinism.js';
import { errorChecks } from './checks/errors.js';
import { inspectCacheChecks } from './checks/inspect-cache.js';
import { listCachesChecks } from './checks/list-caches.js';
import { orderingCheck, resultShapeCheck, v0AnswersCheck } from './checks/resolve-answers.js';
import { safetyChecks } from './checks/safety.js';
import { hasContextTools, toolChecks } from './checks/tools.js';
import { contextCacheDefects } from './defects.js';
import { contextCacheRequirements } from './requirements.js';

/** The `context-cache` spec; it applies to a server listing the three `context.*` tools. */
export const contextCacheSpec: SpecDefinition = {
  name: 'context-cache',
  description:
    'Context caches over MCP: context.resolve under a token budget, list_caches, inspect_cache, typed errors.',
  requirements: contextCacheRequirements,
  checks: [
    ...toolChecks,
    resultShapeCheck,
    v0AnswersCheck,
    orderingCheck,
    ...budgetChecks,
    ...determinismChecks,
    ...errorChecks,
    ...safetyChecks,
    ...listCachesChecks,
    ...inspectCacheChecks,
  ],
  defects: contextCacheDefects,
  detect: hasContextTools,
};
