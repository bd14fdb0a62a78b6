/**
 * Matches model names against `target_llms` entries, with `*` as a wildcard.
 *
 * @module
 */

import type { DriverMeta } from '../driver-meta.js';

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * True when `modelName` matches `pattern`, ignoring case.
 *
 * `*` matches any run of characters, so `*` matches every model and `gpt-*` every GPT. The
 * pattern is tried against the whole name and against its last segment after `/` or `:`, so
 * `claude-*` also matches `anthropic/claude-sonnet-4` and `gpt-*` matches `azure:gpt-4o`.
 *
 * @see mcs §3 (`target_llms`)
 */
export function matchesModelPattern(pattern: string, modelName: string): boolean {
  const expression = patternToRegExp(pattern);
  const name = modelName.toLowerCase();
  if (expression.test(name)) return true;
  const segment = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);
  return segment !== name && expression.test(segment);
}

/**
 * How specific a pattern is: the number of characters that are not `*`. A longer literal part
 * wins when several patterns match one model.
 */
export function patternSpecificity(pattern: string): number {
  return pattern.replaceAll('*', '').length;
}

/**
 * True when the driver's `target_llms` cover `modelName`: an entry matches it, or the driver
 * has the generic `*` prompt. Without a model name, true.
 *
 * @see mcs §3 (`target_llms`)
 */
export function supportsModel(meta: DriverMeta, modelName?: string): boolean {
  if (modelName === undefined) return true;
  return meta.target_llms.some((pattern) => matchesModelPattern(pattern, modelName));
}
