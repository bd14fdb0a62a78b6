/**
 * Prompt strategies: how a system message is phrased for a family of models.
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';
import { matchesModelPattern, patternSpecificity } from './model-match.js';

/**
 * What a prompt strategy renders from.
 *
 * @see mcs §3.2
 */
export interface PromptContext {
  /** The function description, as `getFunctionDescription(modelName)` returns it. */
  functionDescription: string;
  /** `json` when the description is JSON, `text` otherwise; for code fences. */
  descriptionLanguage: 'json' | 'text';
  /** The functions behind the description. */
  functions: readonly FunctionDefinition[];
  /** The model the message is for, if the client named it. */
  modelName: string | undefined;
  /** A one-line example call of the first function, in the `mcs` call shape. */
  exampleCall: string;
}

/**
 * A way to phrase the system message for the models matched by `targetLlms`.
 *
 * `targetLlms` entries are `target_llms` patterns (`*`, `gpt-*`, `claude-*`). A strategy must
 * ask for a call shape the parser reads (see {@link CALL_STYLES}); the built-in ones ask for
 * the `mcs` shape.
 *
 * @see mcs §3.2, §7
 */
export interface PromptStrategy {
  /** A stable name, for logs and tests. */
  id: string;
  /** The model patterns this strategy is for. */
  targetLlms: readonly string[];
  /** Renders the complete system message. */
  render(context: PromptContext): string;
}

/**
 * Picks the strategy for a model.
 *
 * Among the strategies with a pattern that matches `modelName`, the one with the most specific
 * pattern wins (most characters that are not `*`); a tie goes to the earlier strategy. Without
 * a model name, or when nothing matches, the first strategy with a `*` pattern is used, else
 * `fallback`.
 *
 * @see mcs §3.2
 */
export function selectPromptStrategy(
  strategies: readonly PromptStrategy[],
  modelName: string | undefined,
  fallback: PromptStrategy,
): PromptStrategy {
  let best: { strategy: PromptStrategy; specificity: number } | undefined;
  if (modelName !== undefined) {
    for (const strategy of strategies) {
      for (const pattern of strategy.targetLlms) {
        if (pattern === '*' || !matchesModelPattern(pattern, modelName)) continue;
        const specificity = patternSpecificity(pattern);
        if (best === undefined || specificity > best.specificity) best = { strategy, specificity };
      }
    }
  }
  if (best !== undefined) return best.strategy;
  return strategies.find((strategy) => strategy.targetLlms.includes('*')) ?? fallback;
}
