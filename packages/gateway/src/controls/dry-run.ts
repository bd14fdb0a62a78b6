/**
 * Dry run (§4.5): what `tool_execute` with `dry_run: true` answers instead of calling upstream,
 * and the `tool_execute` listing and arguments that accept it.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { CatalogEntry } from '../browse/catalog.js';
import { ToolExecuteArgumentsSchema } from '../server/meta-tools.js';
import type { RateLimitVerdict } from './rate-limiter.js';
import type { ArgumentRepair } from './tolerant-arguments.js';

/**
 * One check a dry run made.
 *
 * @see gateway-surface §4.5 (dry run)
 */
export interface DryRunCheck {
  /** `schema_validation` or `rate_limit`. */
  name: 'schema_validation' | 'rate_limit';
  /** Whether a real call would pass it. */
  status: 'pass' | 'fail';
  /** For a failed rate limit: the scope and limit broken, and when to retry. */
  details?: {
    /** What the limit counts: the meta-tool or the tool id. */
    scope: string;
    /** The limit a real call would break. */
    limit: string;
    /** Seconds until a call would be admitted; `null` when the session total is spent. */
    retry_after: number | null;
  };
}

/**
 * The report of a dry run: what a real call would do, without calling upstream, storing
 * artifacts or counting against any rate limit.
 *
 * @see gateway-surface §4.5 (dry run)
 */
export interface DryRunReport {
  /** Always true. */
  dry_run: true;
  /** The tool. */
  tool_id: string;
  /** Its upstream name. */
  upstream_name: string;
  /** True: invalid arguments answer `ARGS_INVALID` as a real call would, not a report. */
  args_valid: true;
  /** The upstream's declared annotations, stamped `verified: false` (they are unverified hints). */
  annotations: Record<string, unknown>;
  /** The checks, in the order a real call makes them. */
  checks: DryRunCheck[];
  /** The argument repairs a real call would apply (with tolerant arguments only). */
  arg_repairs?: ArgumentRepair[];
}

/**
 * Builds the report of a dry run that passed validation.
 *
 * @see gateway-surface §4.5
 */
export function dryRunReport(
  entry: CatalogEntry,
  verdicts: readonly RateLimitVerdict[],
  repairs: readonly ArgumentRepair[] | undefined,
): DryRunReport {
  const refused = verdicts.find((verdict) => !verdict.allowed);
  const rateLimit: DryRunCheck =
    refused === undefined || refused.allowed
      ? { name: 'rate_limit', status: 'pass' }
      : {
          name: 'rate_limit',
          status: 'fail',
          details: { scope: refused.scope, limit: refused.limit, retry_after: refused.retryAfter },
        };
  return {
    dry_run: true,
    tool_id: entry.toolId,
    upstream_name: entry.upstreamName,
    args_valid: true,
    annotations: { ...(entry.tool.annotations ?? {}), verified: false },
    checks: [{ name: 'schema_validation', status: 'pass' }, rateLimit],
    ...(repairs === undefined ? {} : { arg_repairs: [...repairs] }),
  };
}

/**
 * The arguments of `tool_execute` when dry run is on: those of {@link ToolExecuteArgumentsSchema}
 * and an optional `dry_run`.
 *
 * @see gateway-surface §4.5
 */
export const ToolExecuteDryRunArgumentsSchema = ToolExecuteArgumentsSchema.extend({
  /** Report what the call would do instead of doing it. */
  dry_run: z.boolean().optional(),
});

/**
 * A `tool_execute` listing with the `dry_run` argument added; other tools are returned as they are.
 *
 * @see gateway-surface §4.5
 */
export function withDryRunArgument(tool: Tool): Tool {
  if (tool.name !== 'tool_execute') return tool;
  return {
    ...tool,
    description: `${tool.description ?? ''} With dry_run: true, only reports what the call would do.`,
    inputSchema: {
      ...tool.inputSchema,
      properties: {
        ...tool.inputSchema.properties,
        dry_run: {
          type: 'boolean',
          description: 'Check the call (id, arguments, rate limits) without running it.',
        },
      },
    },
  };
}
