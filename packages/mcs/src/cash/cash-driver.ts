/**
 * The CaSH driver: a CaSH server is the bridge, its three tools the spec, and the model
 * discovers the functions behind them through `help`.
 *
 * @module
 */

import type { Upstream } from '@x/core/upstreams';
import { McsError } from '../errors.js';
import { connectDriver } from '../mcp/connect-driver.js';
import { McpDriver, type McpDriverOptions } from '../mcp/mcp-driver.js';
import type { McpTool } from '../mcp/tool-functions.js';
import type { ParseResult } from '../parser/parse-result.js';
import type { PromptContext } from '../prompts/prompt-strategy.js';
import { cashPromptStrategies, directCallHint, HELP_INDEX_CALL } from './cash-prompts.js';
import { cashInclude, requireCashTools, resultText } from './cash-tools.js';

/** The id of this driver implementation, the default `meta.id` (mcs §3). */
export const CASH_DRIVER_ID = '6d70fabd-7d9f-4ee9-b7b0-d5a59431f704';

/** What {@link createCashDriver} takes: the MCP driver's options, and the help index choice. */
export interface CashDriverOptions extends McpDriverOptions {
  /**
   * Puts the answer of `help()` (the namespace list) in the system message, so the model
   * skips its first discovery call. It is read when the driver is built and again by
   * `warmup()`. Defaults to `false`: the system message then depends on the tools alone.
   */
  includeHelpIndex?: boolean;
}

/** The help index as last read, shared with the prompt strategies. */
interface HelpIndexState {
  text: string | undefined;
}

/**
 * The CaSH driver. Build it with {@link createCashDriver}; {@link CashDriver.close} ends the
 * connection (and a stdio server's process).
 *
 * It is the MCP driver narrowed to the CaSH primitives (cash-rfc §4): the spec is `call`,
 * `help` and `skill` as the server lists them, and each parsed call is one `tools/call` whose
 * raw `CallToolResult` is the result (help text, a function's output, or the server's own
 * `isError` result for an unknown namespace or bad kwargs). The system message adds the
 * discover-then-call workflow to the prompt strategy of the model's family, and a retry
 * prompt for a function called directly by name shows the `call` to write instead.
 * Capabilities: `healthcheck`, `cache` (`warmup()` also reads the help index) and `status`.
 *
 * @see mcs §3, §5, §8; cash-rfc §4
 */
export class CashDriver extends McpDriver {
  readonly #helpIndex: HelpIndexState;

  /** Builds a driver over a connected upstream and its tool list (narrowed to the CaSH tools). */
  constructor(upstream: Upstream, tools: readonly McpTool[], options: CashDriverOptions) {
    const helpIndex: HelpIndexState = { text: undefined };
    const shownIndex = () => (options.includeHelpIndex === true ? helpIndex.text : undefined);
    super(upstream, tools, {
      ...options,
      meta: { id: CASH_DRIVER_ID, prefix: 'cash', protocol: 'CaSH', ...options.meta },
      prompts: {
        ...options.prompts,
        strategies: [...(options.prompts?.strategies ?? []), ...cashPromptStrategies(shownIndex)],
      },
    });
    this.#helpIndex = helpIndex;
  }

  /** The text of `help()` as last read by {@link CashDriver.readHelpIndex}, if it was. */
  get helpIndex(): string | undefined {
    return this.#helpIndex.text;
  }

  /**
   * Asks the server's `help` for its namespace list, keeps the text and returns it.
   *
   * @throws McsError `EXECUTION_FAILED` when `help()` answers with an error result, or the
   *   bridge's error (`TIMEOUT`, `UNAVAILABLE`, ...).
   */
  async readHelpIndex(): Promise<string> {
    const result = await this.executeCall({ name: 'help', arguments: {} });
    const text = resultText(result);
    if (result.isError === true) {
      throw new McsError({
        code: 'EXECUTION_FAILED',
        message: `help() answered with an error: ${text.split('\n', 1)[0] ?? ''}`,
      });
    }
    this.#helpIndex.text = text;
    return text;
  }

  /** Re-reads the tool list, compiles the schemas and reads the help index. */
  override async warmup(): Promise<void> {
    await super.warmup();
    await this.readHelpIndex();
  }

  /** The MCP driver's status, with the CaSH tools and whether the help index was read. */
  override async getStatus(): Promise<Record<string, unknown>> {
    return {
      ...(await super.getStatus()),
      cashTools: this.listFunctions().map((definition) => definition.name),
      helpIndexRead: this.#helpIndex.text !== undefined,
    };
  }

  /** Parses as every driver does; a direct call of a discovered function gets a `call` hint. */
  override parseLlmResponse(llmResponse: string): ParseResult {
    const parsed = super.parseLlmResponse(llmResponse);
    if (parsed.status !== 'malformed') return parsed;
    const hint = directCallHint(parsed.issues, this.listFunctions());
    return hint === undefined
      ? parsed
      : { ...parsed, retryPrompt: `${parsed.retryPrompt}\n${hint}` };
  }

  /** The example call of the system message is the first step of the workflow: `help()`. */
  protected override promptContext(modelName?: string): PromptContext {
    return { ...super.promptContext(modelName), exampleCall: HELP_INDEX_CALL };
  }
}

/**
 * Connects to a CaSH server, checks that it has `call` and `help`, and makes a driver of its
 * tools; other tools it registers are left out of the spec.
 *
 * Metadata defaults: `id` {@link CASH_DRIVER_ID}, `prefix` `cash` (the names `call`, `help`
 * and `skill` would collide in an orchestrator), `protocol` `CaSH`, `transport` `stdio` or
 * `HTTP`, `spec_format` `MCP-Tools`, `capabilities` `cache`, `healthcheck`, `status`. When
 * anything fails, the connection is closed before the error is thrown.
 *
 * @example
 * ```ts
 * const driver = await createCashDriver({ server: { command: 'x-cash', args: ['demo'] } });
 * try {
 *   const index = await driver.processLlmResponse('{"tool": "help", "arguments": {}}');
 * } finally {
 *   await driver.close();
 * }
 * ```
 * @throws McsError `CONFIG_INVALID` for a bad entry or option, or a server without `call` or
 *   `help`; `UNAVAILABLE` or `TIMEOUT` when the server cannot be reached; `EXECUTION_FAILED`
 *   when `includeHelpIndex` is set and `help()` fails.
 * @see mcs §8; cash-rfc §4
 */
export async function createCashDriver(options: CashDriverOptions): Promise<CashDriver> {
  const server = { ...options.server, include: cashInclude(options.server.include) };
  return await connectDriver({ ...options, server }, 'cash', async (upstream, tools) => {
    requireCashTools(tools, options.name ?? 'the server');
    const driver = new CashDriver(upstream, tools, options);
    if (options.includeHelpIndex !== true) return driver;
    try {
      await driver.readHelpIndex();
    } catch (error) {
      await driver.close();
      throw error;
    }
    return driver;
  });
}
