/**
 * The ranking strategies `x-context-cache` offers.
 *
 * @module
 */

import { type ContextStrategy, V0_STRATEGY_NAME } from '@x/context-cache';
import { BM25_STRATEGY_NAME, createBm25Strategy } from '@x/context-cache/bm25';

/** Every strategy name, the specified `v0` first. */
export const STRATEGY_NAMES: readonly string[] = [V0_STRATEGY_NAME, BM25_STRATEGY_NAME];

/** The strategy a request without `strategy` gets unless the deployment chooses another. */
export const DEFAULT_STRATEGY = V0_STRATEGY_NAME;

/**
 * The strategies beyond the built-in `v0`: one `bm25` instance, whose analysis cache (keyed by
 * document version, so shared safely) serves every session of a process.
 */
export function createStrategies(): readonly ContextStrategy[] {
  return [createBm25Strategy()];
}
