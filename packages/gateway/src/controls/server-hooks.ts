/**
 * The small pieces the gateway and proxy servers use to put the controls on their surface:
 * the `tool_execute` arguments with `dry_run`, and the provenance of a controlled result.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ResultEnvelope } from '../firewall/result-envelope.js';
import { parseMetaArguments, ToolExecuteArgumentsSchema } from '../server/meta-tools.js';
import { ToolExecuteDryRunArgumentsSchema } from './dry-run.js';
import type { ControlsProvenance, GatewayControls } from './gateway-controls.js';

/**
 * Parsed `tool_execute` arguments.
 *
 * @see gateway-surface §4.2, §4.5
 */
export interface ExecuteArguments {
  /** The tool's id (or, in proxy mode, its listed name). */
  tool_id: string;
  /** Its arguments. */
  args?: unknown;
  /** Whether a dry run was asked for (only accepted when dry run is on). */
  dry_run?: boolean | undefined;
}

/**
 * Checks `tool_execute` arguments: with `dry_run` when the controls turn dry run on, else
 * exactly as without controls (an unknown `dry_run` is `ARGS_INVALID`).
 *
 * @see gateway-surface §4.5 (dry run)
 */
export function parseExecuteArguments(
  controls: GatewayControls | undefined,
  args: unknown,
): ExecuteArguments {
  return controls?.settings.dryRun === true
    ? parseMetaArguments('tool_execute', ToolExecuteDryRunArgumentsSchema, args)
    : parseMetaArguments('tool_execute', ToolExecuteArgumentsSchema, args);
}

/**
 * The envelope with the controls' provenance (`cache_hit`, `arg_repairs`) appended; the
 * envelope itself when there is none.
 *
 * @see gateway-surface §4.4, §4.5 (provenance)
 */
export function withControlsProvenance(
  envelope: ResultEnvelope,
  provenance: ControlsProvenance | undefined,
): ResultEnvelope {
  if (provenance === undefined || Object.keys(provenance).length === 0) return envelope;
  return { ...envelope, provenance: { ...envelope.provenance, ...provenance } };
}

/** The `_meta` key under which the proxy reports the controls' provenance. */
export const PROVENANCE_META_KEY = 'x-gateway/provenance';

/**
 * A proxy result with the controls' provenance in `_meta["x-gateway/provenance"]` (the proxy
 * passes upstream results through, so it has no envelope); the result itself when there is none.
 *
 * @see gateway-surface §4.1, §4.5
 */
export function withProvenanceMeta(
  result: CallToolResult,
  provenance: ControlsProvenance,
): CallToolResult {
  if (Object.keys(provenance).length === 0) return result;
  return { ...result, _meta: { ...result._meta, [PROVENANCE_META_KEY]: provenance } };
}
