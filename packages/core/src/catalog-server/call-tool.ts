/**
 * The `tools/call` pipeline of the catalog server.
 *
 * @module
 */

import { setTimeout as delay } from 'node:timers/promises';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ArgumentValidator } from './argument-validator.js';
import { type CatalogBehaviour, splitReservedArguments } from './behaviour.js';
import { createLargeText } from './large-result.js';
import { jsonDepth, stableStringify } from './stable-json.js';
import type { NamedCatalogTool } from './tool-names.js';

/** The deepest nesting of objects and arrays that call arguments may have. */
export const MAX_ARGUMENT_DEPTH = 100;

/**
 * How one call ended, as reported to `onCall`.
 *
 * `result`: a normal result; `error-result`: an `isError: true` result; `protocol-error`: a
 * JSON-RPC error; `cancelled`: the request was cancelled (or the connection closed) first.
 */
export type CatalogCallOutcome = 'result' | 'error-result' | 'protocol-error' | 'cancelled';

/** One finished `tools/call`, as reported to `onCall`. */
export interface CatalogCallEvent {
  /** The tool name the client asked for. */
  tool: string;
  /** The behaviour the call ran with. */
  behaviour: CatalogBehaviour;
  /** How the call ended. */
  outcome: CatalogCallOutcome;
}

/** What the `tools/call` pipeline needs, fixed when the server is made. */
export interface CallToolContext {
  /** The served tools by wire name. */
  tools: ReadonlyMap<string, NamedCatalogTool>;
  /** Validates arguments against the tools' schemas. */
  validator: ArgumentValidator;
  /** The behaviour of calls that do not choose one. */
  behaviour: CatalogBehaviour;
  /** Milliseconds every call waits before anything else. */
  latencyMs: number;
  /** Milliseconds a `slow` call waits when it does not say. */
  delayMs: number;
  /** Characters of a `large` answer when the call does not say. */
  size: number;
  /** Called by the `crash` behaviour; without it, `crash` is a JSON-RPC error. */
  onCrash: (() => void) | undefined;
  /** Told about every finished call. */
  onCall: ((event: CatalogCallEvent) => void) | undefined;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Waits `milliseconds`; false when `signal` aborted first. */
async function wait(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (milliseconds === 0) return !signal.aborted;
  try {
    await delay(milliseconds, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `signal` aborts; nothing else ends it. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** The result of a cancelled call: the SDK never sends it, it only ends the handler. */
const CANCELLED: CallToolResult = errorResult('Cancelled');

async function run(
  context: CallToolContext,
  tool: NamedCatalogTool,
  behaviour: CatalogBehaviour,
  reserved: { size: number; delayMs: number },
  toolArguments: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CallToolResult> {
  if (!(await wait(context.latencyMs, signal))) return CANCELLED;
  switch (behaviour) {
    case 'crash':
      if (context.onCrash === undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `Simulated crash of tool ${tool.name} is disabled in-process (no onCrash handler)`,
        );
      }
      context.onCrash();
      await untilAborted(signal);
      return CANCELLED;
    case 'error':
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Simulated error of tool ${tool.name}`,
      );
    case 'fail':
      return errorResult(`Simulated failure of tool ${tool.name}`);
    case 'hang':
      await untilAborted(signal);
      return CANCELLED;
    case 'slow':
      if (!(await wait(reserved.delayMs, signal))) return CANCELLED;
      break;
    default:
      break;
  }
  if (jsonDepth(toolArguments, MAX_ARGUMENT_DEPTH) > MAX_ARGUMENT_DEPTH) {
    return errorResult(
      `Invalid arguments for tool ${tool.name}:\n/ nests deeper than ${MAX_ARGUMENT_DEPTH} levels`,
    );
  }
  const validation = await context.validator.validate(
    tool.name,
    tool.entry.inputSchema,
    toolArguments,
  );
  if (validation.kind === 'schema-error') {
    return errorResult(
      `Tool ${tool.name} cannot be called: its input schema does not compile: ${validation.message}`,
    );
  }
  if (validation.kind === 'invalid') {
    return errorResult(`Invalid arguments for tool ${tool.name}:\n${validation.lines.join('\n')}`);
  }
  if (behaviour === 'large') {
    return { content: [{ type: 'text', text: createLargeText(tool.name, reserved.size) }] };
  }
  const echo = { tool: tool.name, arguments: toolArguments };
  return { content: [{ type: 'text', text: stableStringify(echo) }], structuredContent: echo };
}

function outcomeOf(result: CallToolResult, signal: AbortSignal): CatalogCallOutcome {
  if (signal.aborted) return 'cancelled';
  return result.isError === true ? 'error-result' : 'result';
}

/**
 * Answers one `tools/call`.
 *
 * Order: unknown tool (JSON-RPC -32602) -> reserved arguments (`isError` when invalid) ->
 * `latencyMs` -> `crash` / `error` / `fail` / `hang` (these ignore the arguments) -> `slow`
 * waits -> nesting depth and ajv validation (`isError`, one line per problem) -> `large` or
 * `echo`. Every wait ends early when `signal` aborts.
 */
export async function callCatalogTool(
  context: CallToolContext,
  params: CallToolRequest['params'],
  signal: AbortSignal,
): Promise<CallToolResult> {
  const report = (behaviour: CatalogBehaviour, outcome: CatalogCallOutcome) =>
    context.onCall?.({ tool: params.name, behaviour, outcome });
  const tool = context.tools.get(params.name);
  if (tool === undefined) {
    report(context.behaviour, 'protocol-error');
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool: ${JSON.stringify(params.name.slice(0, 100))}`,
    );
  }
  const split = splitReservedArguments(params.arguments ?? {});
  if (!split.ok) {
    report(context.behaviour, 'error-result');
    return errorResult(split.message);
  }
  const behaviour = split.reserved.__x_behaviour ?? context.behaviour;
  const reserved = {
    size: split.reserved.__x_size ?? context.size,
    delayMs: split.reserved.__x_delay_ms ?? context.delayMs,
  };
  try {
    const result = await run(context, tool, behaviour, reserved, split.toolArguments, signal);
    report(behaviour, outcomeOf(result, signal));
    return result;
  } catch (error) {
    report(behaviour, signal.aborted ? 'cancelled' : 'protocol-error');
    throw error;
  }
}
