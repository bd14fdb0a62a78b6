/**
 * js-tiktoken's `cl100k_base` rank file, read on first use: a module that imports
 * `@x/core/tokens` (the gateway's root entry, through card rendering) loads the 1 MB of ranks
 * only when it first counts. `require` keeps the first count synchronous; js-tiktoken ships the
 * file as CommonJS too.
 *
 * @module
 */

import { createRequire } from 'node:module';
import type { TiktokenBPE } from 'js-tiktoken/lite';

const loadModule = createRequire(import.meta.url);
let ranks: TiktokenBPE | undefined;

/** The `cl100k_base` ranks, pre-token pattern and special tokens (loaded once). */
export function cl100kRanks(): TiktokenBPE {
  ranks ??= loadModule('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;
  return ranks;
}
