/**
 * The opt-in controls on the `tool_execute` dispatch path (§4.4, §4.5), in the spec's order:
 * quota, dry run, cache, dispatch with retry, cache store.
 *
 * @module
 */

import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { SessionStore } from '@x/core/sessions';
import type { CatalogEntry } from '../browse/catalog.js';
import { META_TOOL_NAMES } from '../server/meta-tools.js';
import type { GatewayRuntime } from '../server/runtime.js';
import {
  type GatewayControlsOptions,
  GatewayControlsOptionsSchema,
  type GatewayControlsSettings,
} from './controls-options.js';
import { type DryRunReport, dryRunReport, withDryRunArgument } from './dry-run.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createResultCache, type ResultCache } from './result-cache.js';
import { type RetryEnvironment, withRetry } from './retry.js';
import { type ArgumentRepair, repairArguments } from './tolerant-arguments.js';

/**
 * The caller a controlled call belongs to: its caller scope and the store of its per-caller state.
 *
 * @see gateway-surface §4.5
 */
export interface ControlsCaller {
  /** The caller scope (the MCP session id, or a process-made one over stdio, when there is none). */
  id: string;
  /** Where its rate-limit counters live. */
  store: SessionStore;
}

/** @deprecated use {@link ControlsCaller}. */
export type ControlsSession = ControlsCaller;

/**
 * A diagnostic event of the dispatch path, for operators' logs.
 *
 * @see gateway-surface §4.5 (`execute.completed`, `execute.dry_run`)
 */
export type ControlsEvent =
  | {
      /** A call returned a result (from upstream or the cache). */
      type: 'execute.completed';
      /** The tool. */
      tool_id: string;
      /** Upstream attempts made (0 for a cache hit). */
      attempts: number;
      /** Whether the result came from the cache. */
      cache_hit: boolean;
    }
  | {
      /** A dry run was answered. */
      type: 'execute.dry_run';
      /** The tool. */
      tool_id: string;
    };

/**
 * Clocks, chance and hooks of the controls; inject them in tests.
 *
 * @see gateway-surface §4.5
 */
export interface GatewayControlsEnvironment extends RetryEnvironment {
  /** The clock of the cache and the rate limits, in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Hears every {@link ControlsEvent}. */
  onEvent?: (event: ControlsEvent) => void;
}

/**
 * What the controls add to a result's provenance: `cache_hit` when the cache is on,
 * `arg_repairs` when tolerant arguments are on.
 *
 * @see gateway-surface §4.4, §4.5 (provenance)
 */
export interface ControlsProvenance {
  /** True when the result came from the cache. */
  cache_hit?: boolean;
  /** The argument repairs applied. */
  arg_repairs?: ArgumentRepair[];
}

/**
 * How a controlled `tool_execute` ended: an upstream (or cached) result, or a dry-run report.
 *
 * @see gateway-surface §4.5
 */
export type ControlledExecution =
  | {
      /** A result. */
      kind: 'result';
      /** The tool that ran. */
      entry: CatalogEntry;
      /** Its result. */
      result: CallToolResult;
      /** What to add to the provenance. */
      provenance: ControlsProvenance;
    }
  | {
      /** A dry run. */
      kind: 'dry_run';
      /** Its report. */
      report: DryRunReport;
    };

/**
 * The controls of one process, shared by every session's server.
 *
 * @see gateway-surface §4.4, §4.5
 */
export interface GatewayControls {
  /** The settings in force, defaults filled in. */
  readonly settings: GatewayControlsSettings;
  /** The result cache, when configured. */
  readonly cache: ResultCache | undefined;
  /** The meta-tool listing with `dry_run` added to `tool_execute` when dry run is on. */
  listTools(tools: readonly Tool[]): Tool[];
  /** Whether these `tool_execute` arguments ask for a dry run (and dry run is on). */
  isDryRun(args: unknown): boolean;
  /**
   * Counts one call of a meta-tool against its limits; a dry run is not counted. Throws
   * `GatewayError` `RATE_LIMITED` on a breach.
   */
  admit(session: ControlsCaller, metaTool: string, args: unknown): Promise<void>;
  /**
   * Runs `tool_execute` through the controls: hydration and (tolerant) validation, the tool's
   * quota, then a dry-run report, or the cache, or a dispatch with retry whose result is
   * cached when eligible. Throws the §3.4 errors of a plain execute and `RATE_LIMITED`.
   */
  execute(
    session: ControlsCaller,
    toolId: unknown,
    args: unknown,
    options: { signal?: AbortSignal; dryRun?: boolean },
  ): Promise<ControlledExecution>;
  /** Stops following the runtime's catalog changes. */
  close(): void;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `options` (throws zod's error naming the field when they are wrong) and creates the
 * controls over `runtime`. The result cache is emptied on every catalog change, and a result
 * fetched under a catalog that has since been replaced is not stored.
 *
 * @see gateway-surface §4.4, §4.5
 */
export function createGatewayControls(
  runtime: GatewayRuntime,
  options: GatewayControlsOptions,
  environment: GatewayControlsEnvironment = {},
): GatewayControls {
  const settings = GatewayControlsOptionsSchema.parse(options);
  const now = environment.now ?? Date.now;
  const cache = settings.cache === undefined ? undefined : createResultCache(settings.cache, now);
  const limiter: RateLimiter | undefined =
    settings.rateLimits === undefined ? undefined : createRateLimiter(settings.rateLimits, now);
  const unsubscribe = runtime.onCatalogChanged(() => cache?.clear());
  const dryRunOn = settings.dryRun === true;

  async function execute(
    session: ControlsCaller,
    toolId: unknown,
    args: unknown,
    callOptions: { signal?: AbortSignal; dryRun?: boolean },
  ): Promise<ControlledExecution> {
    const catalog = runtime.catalog;
    const entry = catalog.resolve(toolId);
    const repaired =
      settings.tolerantArgs === true
        ? repairArguments(args, entry.tool.inputSchema ?? { type: 'object' })
        : undefined;
    const prepared = await runtime.prepare(entry.toolId, repaired?.args ?? args);
    const toolScopes = limiter?.scopes(undefined, entry.toolId) ?? [];
    if (callOptions.dryRun === true && dryRunOn) {
      const scopes = limiter?.scopes(META_TOOL_NAMES.execute, entry.toolId) ?? [];
      const verdicts = limiter === undefined ? [] : await limiter.evaluate(session, scopes);
      environment.onEvent?.({ type: 'execute.dry_run', tool_id: entry.toolId });
      return { kind: 'dry_run', report: dryRunReport(entry, verdicts, repaired?.repairs) };
    }
    if (limiter !== undefined && toolScopes.length > 0) await limiter.consume(session, toolScopes);
    const provenance: ControlsProvenance = {};
    if (repaired !== undefined) provenance.arg_repairs = repaired.repairs;
    const cacheable = cache?.eligible(prepared.entry) === true;
    if (cache !== undefined) provenance.cache_hit = false;
    if (cacheable) {
      const cached = cache?.get(prepared.entry.toolId, prepared.args);
      if (cached !== undefined) {
        provenance.cache_hit = true;
        environment.onEvent?.({
          type: 'execute.completed',
          tool_id: prepared.entry.toolId,
          attempts: 0,
          cache_hit: true,
        });
        return { kind: 'result', entry: prepared.entry, result: cached, provenance };
      }
    }
    const signal = callOptions.signal;
    const dispatchOptions = signal === undefined ? {} : { signal };
    const { value: outcome, attempts } =
      settings.retry === undefined
        ? { value: await runtime.dispatch(prepared, dispatchOptions), attempts: 1 }
        : await withRetry(
            () => runtime.dispatch(prepared, dispatchOptions),
            settings.retry,
            signal,
            environment,
          );
    if (cacheable && runtime.catalog === catalog) {
      cache?.set(prepared.entry.toolId, prepared.args, outcome.result);
    }
    environment.onEvent?.({
      type: 'execute.completed',
      tool_id: prepared.entry.toolId,
      attempts,
      cache_hit: false,
    });
    return { kind: 'result', entry: outcome.entry, result: outcome.result, provenance };
  }

  function isDryRun(args: unknown): boolean {
    return dryRunOn && isPlainObject(args) && args.dry_run === true;
  }

  return {
    settings,
    cache,
    listTools(tools) {
      return dryRunOn ? tools.map(withDryRunArgument) : [...tools];
    },
    isDryRun,
    async admit(session, metaTool, args) {
      if (limiter === undefined) return;
      if (metaTool === META_TOOL_NAMES.execute && isDryRun(args)) return;
      const scopes = limiter.scopes(metaTool, undefined);
      if (scopes.length > 0) await limiter.consume(session, scopes);
    },
    execute,
    close() {
      unsubscribe();
      cache?.clear();
    },
  };
}
