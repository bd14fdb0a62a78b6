/**
 * What the firewall saves a caller, for the `mcp_tokens_*` metrics (`kind: firewall`) and the
 * `mcp_artifacts_*` counters: a result kept as artifacts, against the envelope the caller read.
 *
 * @module
 */

import { isRecordingMetrics, recordArtifactStored, recordTokenSavings } from '@x/core/telemetry';
import { countTokens } from '@x/core/tokens';
import type { Artifact } from '../artifacts/artifact.js';

/**
 * The longest text counted exactly, in UTF-16 code units; the tokens of a longer result are its
 * first this-many characters' count scaled to its length (an estimate, so that a metric never
 * costs a multi-megabyte count on the answer's path).
 */
export const MAX_COUNTED_CHARACTERS = 256 * 1024;

/** The tokens of `text`: exact up to {@link MAX_COUNTED_CHARACTERS}, else scaled from its head. */
export function resultTokens(text: string): number {
  if (text.length <= MAX_COUNTED_CHARACTERS) return countTokens(text);
  const head = countTokens(text.slice(0, MAX_COUNTED_CHARACTERS));
  return Math.round((head * text.length) / MAX_COUNTED_CHARACTERS);
}

/**
 * Records a result stored as `artifacts` whose parts joined are `joined`, answered with the
 * `served` text (the envelope the caller reads); counts only while metrics are recorded.
 */
export function recordFirewallSavings(
  joined: string,
  artifacts: readonly Artifact[],
  served: () => string,
): void {
  if (!isRecordingMetrics()) return;
  for (const artifact of artifacts) recordArtifactStored(artifact.bytes);
  recordTokenSavings('firewall', resultTokens(joined), countTokens(served()));
}
