/**
 * What stage 1 saves a caller, for the `mcp_tokens_*` metrics (`kind: descriptions`): the tokens
 * of the full `tools/list` it would have read against the stage-1 listing it read.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { isRecordingMetrics, recordTokenSavings } from '@x/core/telemetry';
import { countTokens } from '@x/core/tokens';

/** Listings remembered with their token counts; the same listing is counted once. */
const MAX_REMEMBERED = 64;
const counted = new Map<string, number>();

function tokensOf(tools: readonly Tool[]): number {
  const text = JSON.stringify({ tools });
  const known = counted.get(text);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  if (counted.size >= MAX_REMEMBERED) counted.clear();
  counted.set(text, tokens);
  return tokens;
}

/**
 * Records one stage-1 listing against the full one, only while metrics are recorded (counting
 * is not free), and each distinct listing is counted once.
 */
export function recordListingSavings(full: readonly Tool[], stageOne: readonly Tool[]): void {
  if (!isRecordingMetrics()) return;
  recordTokenSavings('descriptions', tokensOf(full), tokensOf(stageOne));
}
