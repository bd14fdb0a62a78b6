/**
 * The judgement of one listed tool against its trusted record.
 *
 * @module
 */

import { detectHiddenInstructions } from './detect.js';
import type { IntegrityFinding } from './detector-rule.js';
import type { ToolRecord } from './record-store.js';
import { describeToolChange } from './tool-diff.js';
import { type ToolSnapshot, toolDigest } from './tool-snapshot.js';

/**
 * Where a tool stands:
 * - `trusted`: its digest is the recorded one;
 * - `new`: no record yet and no finding (it becomes the record: trust on first sight);
 * - `accepted`: changed, no finding, and the configuration accepts changes (it becomes the record);
 * - `quarantined`: changed since the record, or a finding with no record of this exact
 *   version; not served until approved.
 */
export type ToolStatus = 'trusted' | 'new' | 'accepted' | 'quarantined';

/** The verdict on one tool of one server. */
export interface ToolVerdict {
  /** The server name. */
  readonly server: string;
  /** The tool name. */
  readonly tool: string;
  /** The tool's current digest. */
  readonly digest: string;
  /** Where it stands. */
  readonly status: ToolStatus;
  /** What changed since the trusted record (empty for a first sight or no change). */
  readonly changes: readonly string[];
  /** What the detector found in the current version (reported even for a trusted one). */
  readonly findings: readonly IntegrityFinding[];
  /** The current version, to record on approval. */
  readonly snapshot: ToolSnapshot;
}

/**
 * Judges `snapshot` against `record`. An approved version (its digest recorded) is trusted even
 * with findings: the operator saw them. Findings quarantine a version that was never approved;
 * a change quarantines unless `acceptChanges`.
 */
export function judgeTool(
  server: string,
  snapshot: ToolSnapshot,
  record: ToolRecord | undefined,
  acceptChanges: boolean,
): ToolVerdict {
  const digest = toolDigest(snapshot);
  const findings = detectHiddenInstructions(snapshot);
  const base = { server, tool: snapshot.name, digest, findings, snapshot };
  if (record?.digest === digest) return { ...base, status: 'trusted', changes: [] };
  const changes = record === undefined ? [] : describeToolChange(record.tool, snapshot);
  if (findings.length > 0) return { ...base, status: 'quarantined', changes };
  if (record === undefined) return { ...base, status: 'new', changes };
  return { ...base, status: acceptChanges ? 'accepted' : 'quarantined', changes };
}

/**
 * One line for the operator: `quarantined fs/read_file: changed since first seen (description:
 * "a" -> "b"; inputSchema changed)`, or `...: authority-tag in description: "<IMPORTANT>..."`.
 */
export function formatVerdict(verdict: ToolVerdict): string {
  const reasons: string[] = [];
  if (verdict.changes.length > 0) {
    reasons.push(`changed since first seen (${verdict.changes.join('; ')})`);
  }
  for (const finding of verdict.findings) {
    reasons.push(`${finding.rule} in ${finding.field}: "${finding.evidence}"`);
  }
  const what = verdict.status === 'accepted' ? 'accepted a change of' : verdict.status;
  return `${what} ${verdict.server}/${verdict.tool}: ${reasons.join('; ') || 'no change'}`;
}
