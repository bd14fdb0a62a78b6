/**
 * What the servers' economy saves a caller: tokens not read, results kept as artifacts.
 *
 * @module
 */

import { instruments } from './instruments.js';

/**
 * What a token saving is about (the `kind` label): `catalog` (the tools a caller was shown
 * against the whole catalog), `firewall` (a result kept as an artifact against the result),
 * `descriptions` (summaries against full tool descriptions), `help` (a help page against the
 * functions it stands for), `context` (the documents selected against the whole cache).
 */
export type TokenSavingKind = 'catalog' | 'firewall' | 'descriptions' | 'help' | 'context';

/**
 * Records one answer's economy: `raw` tokens the caller would have read without the server,
 * `served` tokens it read instead. `mcp_tokens_saved` grows by `raw - served` (never negative).
 * Counts that are not finite and non-negative are ignored.
 */
export function recordTokenSavings(kind: TokenSavingKind, raw: number, served: number): void {
  if (!(Number.isFinite(raw) && Number.isFinite(served) && raw >= 0 && served >= 0)) return;
  const counters = instruments();
  const labels = { kind };
  counters.tokensRaw.add(raw, labels);
  counters.tokensServed.add(served, labels);
  counters.tokensSaved.add(Math.max(0, raw - served), labels);
}

/** Records one result stored as an artifact of `bytes` bytes instead of being sent inline. */
export function recordArtifactStored(bytes: number): void {
  if (!(Number.isFinite(bytes) && bytes >= 0)) return;
  const counters = instruments();
  counters.artifactsStored.add(1);
  counters.artifactBytes.add(bytes);
}
