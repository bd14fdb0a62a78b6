/**
 * The MCP driver: an MCP server is the bridge, its tool list the spec (mcs §8).
 *
 * @module
 */

import type { Upstream, UpstreamOptions } from '@x/core/upstreams';
import { BaseDriver, type PromptOptions } from '../base-driver.js';
import type {
  CacheCapability,
  HealthcheckCapability,
  HealthReport,
  StatusCapability,
} from '../capabilities.js';
import type { CallOptions } from '../driver.js';
import type { DriverMetaInput } from '../driver-meta.js';
import { McsError } from '../errors.js';
import type { FunctionCall } from '../function-call.js';
import type { FunctionDefinition } from '../function-definition.js';
import type { ParserLimits } from '../parser/limits.js';
import { connectDriver, type McpServerEntry } from './connect-driver.js';
import {
  type McpTool,
  renderToolList,
  type SkippedTool,
  toolsToFunctions,
} from './tool-functions.js';
import { fromUpstreamError } from './upstream-errors.js';

/** The id of this driver implementation, the default `meta.id` (mcs §3). */
export const MCP_DRIVER_ID = '5b0e7f3c-8a41-4c6e-9d2a-3f1b7c9e4a60';

/** One tool call's raw result: the `CallToolResult` the server sent, `isError` results included. */
export type McpToolResult = Awaited<ReturnType<Upstream['callTool']>>;

/**
 * How {@link McpDriver.getFunctionDescription} renders the tools.
 *
 * - `mcp`: the tool list, `{"tools": [...]}` as `tools/list` returns it (the default; mcs §8).
 * - `functions`: a JSON array of `{name, description, parameters}`.
 * - `condensed`: one signature line per tool.
 */
export type McpDescriptionFormat = 'mcp' | 'functions' | 'condensed';

/** What {@link createMcpDriver} takes. */
export interface McpDriverOptions {
  /** The MCP server to use as the bridge. */
  server: McpServerEntry;
  /** The server's name in messages and in `getStatus()`; defaults to `mcp`. */
  name?: string;
  /** Overrides of the metadata; see {@link createMcpDriver} for the defaults. */
  meta?: Partial<DriverMetaInput>;
  /** How the description is rendered; defaults to `mcp`. */
  descriptionFormat?: McpDescriptionFormat;
  /** Prompt overrides and strategies (mcs §4). */
  prompts?: PromptOptions;
  /** Parser bounds. */
  limits?: Partial<ParserLimits>;
  /** Time limit of each tool call, in ms; defaults to the entry's `timeoutMs`, else 60 000. */
  timeoutMs?: number;
  /** Options of the upstream connection (reconnection, stderr, client info). */
  upstream?: UpstreamOptions;
}

/** The tool list as the driver last read it. */
interface ToolState {
  tools: readonly McpTool[];
  functions: readonly FunctionDefinition[];
  skipped: readonly SkippedTool[];
}

/**
 * The MCP driver. Build it with {@link createMcpDriver}, which connects and reads the tool
 * list first; {@link McpDriver.close} ends the connection (and a stdio server's process).
 *
 * It follows the server's `tools/list_changed` notifications: the description and the parser
 * change once the new list is read. Capabilities: `healthcheck` (a `tools/list` round trip),
 * `cache` (`warmup()` re-reads the tool list and compiles every schema) and `status`.
 *
 * @see mcs §3, §5, §8
 */
export class McpDriver
  extends BaseDriver
  implements HealthcheckCapability, CacheCapability, StatusCapability
{
  /** The connection to the server. */
  readonly upstream: Upstream;
  readonly #format: McpDescriptionFormat;
  readonly #timeoutMs: number | undefined;
  readonly #unsubscribe: () => void;
  #state: ToolState;
  #description: string | undefined;
  #refreshing: Promise<void> | undefined;
  #calls = 0;
  #failures = 0;
  #lastErrorCode: string | undefined;

  /** Builds a driver over a connected upstream and its first tool list. */
  constructor(upstream: Upstream, tools: readonly McpTool[], options: McpDriverOptions) {
    const format = options.descriptionFormat ?? 'mcp';
    super({
      meta: {
        id: MCP_DRIVER_ID,
        protocol: 'MCP',
        transport: upstream.config.type === 'stdio' ? 'stdio' : 'HTTP',
        spec_format: 'MCP-Tools',
        capabilities: ['cache', 'healthcheck', 'status'],
        ...options.meta,
      },
      descriptionFormat: format === 'condensed' ? 'condensed' : 'functions',
      ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
    this.upstream = upstream;
    this.#format = format;
    this.#timeoutMs = options.timeoutMs;
    this.#state = { tools, ...toolsToFunctions(tools) };
    this.compileFunctions();
    this.#unsubscribe = upstream.onListChanged((kind) => {
      if (kind === 'tools') this.#refreshInBackground();
    });
  }

  /** One function per usable tool, in the server's order. */
  listFunctions(): readonly FunctionDefinition[] {
    return this.#state.functions;
  }

  /** The tools left out of the function list (unusable names or schemas), with the reason. */
  get skippedTools(): readonly SkippedTool[] {
    return this.#state.skipped;
  }

  /**
   * Calls the tool and resolves to the server's raw `CallToolResult` (a tool's own failure is a
   * result with `isError: true`, as MCP has it).
   *
   * @throws McsError `TIMEOUT`, `UNAVAILABLE`, `CANCELLED` or `EXECUTION_FAILED`.
   */
  async executeCall(call: FunctionCall, options: CallOptions = {}): Promise<McpToolResult> {
    this.#calls += 1;
    try {
      return await this.upstream.callTool(call.name, call.arguments, {
        ...(this.#timeoutMs === undefined ? {} : { timeoutMs: this.#timeoutMs }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      const mapped = fromUpstreamError(error);
      this.#failures += 1;
      this.#lastErrorCode = mapped.code;
      throw mapped;
    }
  }

  /**
   * Reads the tool list again; the description and the parser follow it.
   *
   * @throws McsError from the upstream (`UNAVAILABLE`, `TIMEOUT`, ...) or `FUNCTION_INVALID`
   *   when a tool's schema does not compile (the previous list stays in force).
   */
  async refresh(): Promise<void> {
    let tools: McpTool[];
    try {
      tools = await this.upstream.listTools();
    } catch (error) {
      throw fromUpstreamError(error);
    }
    const previous = this.#state;
    this.#state = { tools, ...toolsToFunctions(tools) };
    this.#description = undefined;
    this.resetParser();
    try {
      this.compileFunctions();
    } catch (error) {
      this.#state = previous;
      this.#description = undefined;
      this.resetParser();
      throw error;
    }
  }

  /** A `tools/list` round trip: `ok` with the latency and tool count, else `error`. Never rejects. */
  async healthcheck(): Promise<HealthReport> {
    const started = performance.now();
    try {
      const tools = await this.upstream.listTools();
      return {
        status: 'ok',
        tools: tools.length,
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return { status: 'error', error: fromUpstreamError(error).code };
    }
  }

  /** Re-reads the tool list and compiles every schema, so the first call pays for neither. */
  async warmup(): Promise<void> {
    await this.refresh();
    this.getFunctionDescription();
  }

  /**
   * The server, the connection state and its protocol era (`modern` for 2026-07-28, `legacy`
   * for the 2025 handshake, null before the first connect), the tools and the call counters.
   */
  async getStatus(): Promise<Record<string, unknown>> {
    const info = this.upstream.serverInfo();
    return {
      server: info === undefined ? null : { name: info.name, version: info.version },
      connection: this.upstream.status,
      era: this.upstream.era() ?? null,
      functions: this.#state.functions.length,
      skippedTools: this.#state.skipped.map((tool) => tool.name),
      calls: this.#calls,
      failures: this.#failures,
      lastErrorCode: this.#lastErrorCode ?? null,
    };
  }

  /** Stops following the tool list and closes the connection (ending a stdio server). */
  async close(): Promise<void> {
    this.#unsubscribe();
    await this.#refreshing;
    await this.upstream.close();
  }

  /** The `mcp` format renders the tool list; the others are rendered from the functions. */
  protected override describeFunctions(modelName?: string): string {
    if (this.#format !== 'mcp') return super.describeFunctions(modelName);
    this.#description ??= renderToolList(this.#state.tools, this.#state.functions);
    return this.#description;
  }

  #refreshInBackground(): void {
    const previous = this.#refreshing ?? Promise.resolve();
    this.#refreshing = previous
      .then(() => this.refresh())
      .catch((error: unknown) => {
        this.#lastErrorCode = McsError.isInstance(error) ? error.code : 'EXECUTION_FAILED';
      });
  }
}

/**
 * Connects to an MCP server, reads its tool list and makes a driver of it.
 *
 * Metadata defaults: `id` {@link MCP_DRIVER_ID}, `protocol` `MCP`, `transport` `stdio` or
 * `HTTP`, `spec_format` `MCP-Tools`, `capabilities` `cache`, `healthcheck`, `status`. A
 * call becomes one `tools/call` and its raw result is the server's `CallToolResult`. When
 * anything fails, the connection is closed before the error is thrown, so no process is
 * left behind.
 *
 * @example
 * ```ts
 * const driver = await createMcpDriver({ server: { command: 'mcp-server-everything' } });
 * try {
 *   const result = await driver.processLlmResponse('{"tool": "echo", "arguments": {"message": "hi"}}');
 * } finally {
 *   await driver.close();
 * }
 * ```
 * @throws McsError `CONFIG_INVALID` for a bad entry or option, `UNAVAILABLE` or `TIMEOUT` when
 *   the server cannot be reached, `FUNCTION_INVALID` or `META_INVALID`.
 * @see mcs §8
 */
export async function createMcpDriver(options: McpDriverOptions): Promise<McpDriver> {
  return await connectDriver(
    options,
    'mcp',
    (upstream, tools) => new McpDriver(upstream, tools, options),
  );
}
