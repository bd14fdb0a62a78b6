/**
 * Calls of the three CaSH tools through the shared SDK client, read into one plain shape.
 *
 * @module
 */

import { ProtocolError } from '@modelcontextprotocol/client';
import type { CheckContext } from '../../check.js';
import { describeError } from '../../errors.js';
import { isRecord } from '../../session/json-rpc.js';

/** The CaSH tool names (cash-rfc §4). */
export type CashToolName = 'call' | 'help' | 'skill';

/** What a CaSH tool answered, or the JSON-RPC error it was answered with. */
export interface ToolAnswer {
  /** `isError` of the result, or true for a JSON-RPC error. */
  readonly isError: boolean;
  /** The JSON-RPC error message, when the call was answered with one. */
  readonly protocolError: string | undefined;
  /** The text blocks, joined with newlines. */
  readonly text: string;
  /** Characters as a model would read them: text blocks, the JSON of other blocks. */
  readonly size: number;
  /** The `type` of each content block, in order. */
  readonly contentTypes: readonly string[];
  /** `structuredContent`, when it is an object. */
  readonly structured: Readonly<Record<string, unknown>> | undefined;
  /** `_meta`, when it is an object. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
}

/** Calls a CaSH tool; a JSON-RPC error becomes an answer with `protocolError` set. */
export async function callCashTool(
  context: CheckContext,
  name: CashToolName,
  args: Readonly<Record<string, unknown>>,
): Promise<ToolAnswer> {
  const client = await context.client();
  let result: unknown;
  try {
    // No abort signal: memoized answers outlive the check that asked first; the runner bounds
    // each check, the timeout bounds each request.
    result = await client.callTool(
      { name, arguments: { ...args } },
      {
        timeout: context.timeoutMs,
      },
    );
  } catch (error) {
    // Only an error the server answered is an answer; a timeout or a lost connection (an
    // SdkError raised by the client itself) is not.
    if (!(error instanceof ProtocolError)) throw error;
    const message = describeError(error);
    return {
      isError: true,
      protocolError: message,
      text: message,
      size: message.length,
      contentTypes: [],
      structured: undefined,
      meta: undefined,
    };
  }
  return readAnswer(result);
}

function readAnswer(result: unknown): ToolAnswer {
  const record = isRecord(result) ? result : {};
  const blocks = Array.isArray(record.content) ? (record.content as unknown[]) : [];
  const texts: string[] = [];
  const types: string[] = [];
  let size = 0;
  for (const block of blocks) {
    const type = isRecord(block) && typeof block.type === 'string' ? block.type : 'unknown';
    types.push(type);
    if (isRecord(block) && type === 'text' && typeof block.text === 'string') {
      texts.push(block.text);
      size += block.text.length;
    } else {
      size += JSON.stringify(block)?.length ?? 0;
    }
  }
  return {
    isError: record.isError === true,
    protocolError: undefined,
    text: texts.join('\n'),
    size,
    contentTypes: types,
    structured: isRecord(record.structuredContent) ? record.structuredContent : undefined,
    meta: isRecord(record._meta) ? record._meta : undefined,
  };
}

/** The machine-readable code of an error answer: `structuredContent.code` or `_meta.code`. */
export function answerCode(answer: ToolAnswer): string | undefined {
  const code = answer.structured?.code ?? answer.meta?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Arguments of `help`, as the checks pass them. */
export interface HelpArguments {
  /** The dotted namespace (absent: the index). */
  readonly namespace?: string;
  /** The function (absent: a listing). */
  readonly function?: string;
  /** Extra keyword arguments. */
  readonly kwargs?: Readonly<Record<string, unknown>>;
}

/** `help(...)`, memoized per target (the same arguments always give the same answer). */
export function askHelp(context: CheckContext, args: HelpArguments = {}): Promise<ToolAnswer> {
  const wire: Record<string, unknown> = {};
  if (args.namespace !== undefined) wire.namespace = args.namespace;
  if (args.function !== undefined) wire.function = args.function;
  if (args.kwargs !== undefined) wire.kwargs = args.kwargs;
  return context.memo(`cash:help:${JSON.stringify(wire)}`, () =>
    callCashTool(context, 'help', wire),
  );
}

/** How a `help`, `call` or `skill` invocation reads in messages: `help(namespace="a")`. */
export function describeInvocation(
  tool: CashToolName,
  args: Readonly<Record<string, unknown>>,
): string {
  const parts = Object.entries(args).map(([key, value]) => {
    const json = JSON.stringify(value) ?? 'undefined';
    return `${key}=${json.length > 40 ? `${json.slice(0, 37)}...` : json}`;
  });
  return `${tool}(${parts.join(', ')})`;
}

/**
 * A `call` or `skill` the checks repeat (an argument error, an unknown name, a skill), memoized
 * per target. Only for calls that change nothing.
 */
export function askOnce(
  context: CheckContext,
  name: CashToolName,
  args: Readonly<Record<string, unknown>>,
): Promise<ToolAnswer> {
  return context.memo(`cash:${name}:${JSON.stringify(args)}`, () =>
    callCashTool(context, name, args),
  );
}

/** The wire codes of unknown-name errors (ARCHITECTURE.md, CaSH decisions). */
export const UNKNOWN_NAME_CODES: readonly string[] = [
  'UNKNOWN_NAMESPACE',
  'UNKNOWN_FUNCTION',
  'UNKNOWN_SKILL',
];

/**
 * Whether an answer says a namespace, function or skill does not exist: by its code, or, when
 * it has none, by its words ("No function `x`", "unknown namespace", "skill `y` not found").
 */
export function isUnknownName(answer: ToolAnswer): boolean {
  if (!answer.isError) return false;
  const code = answerCode(answer);
  if (code !== undefined) return code.startsWith('UNKNOWN');
  return (
    /\b(?:unknown|no such|no)\s+(?:namespace|function|skill)\b/i.test(answer.text) ||
    /\b(?:namespace|function|skill)\s+`?[\w.]*`?\s*(?:not found|does not exist|is unknown)/i.test(
      answer.text,
    )
  );
}

/** Arguments of `call` for a function of a namespace path (empty: the root). */
export function callArguments(
  namespace: string,
  name: string,
  kwargs: Readonly<Record<string, unknown>>,
  sizelimit?: number,
): Record<string, unknown> {
  return {
    ...(namespace === '' ? {} : { namespace }),
    function: name,
    kwargs,
    ...(sizelimit === undefined ? {} : { sizelimit }),
  };
}
