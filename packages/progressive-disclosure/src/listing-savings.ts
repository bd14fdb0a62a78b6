/**
 * What stage 1 saves a caller, for the `mcp_tokens_*` metrics (`kind: descriptions`): the tokens
 * of the full `tools/list` it would have read against the stage-1 listing it read.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { recordTextSavings } from '@x/core/telemetry';

/** Records one stage-1 listing against the full one (only while metrics are recorded). */
export function recordListingSavings(full: readonly Tool[], stageOne: readonly Tool[]): void {
  recordTextSavings(
    'descriptions',
    () => JSON.stringify({ tools: full }),
    () => JSON.stringify({ tools: stageOne }),
  );
}
