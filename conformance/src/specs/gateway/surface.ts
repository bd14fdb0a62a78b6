/**
 * How the gateway checks talk to a target: its mode, its listed tools, meta-tool calls and the
 * payloads they answer with (structured content, else the JSON of the first text part).
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import type { CheckContext, CheckOutcome } from '../../check.js';
import { notApplicable } from '../../outcome.js';
import { errorOf, isRecord } from '../../session/json-rpc.js';
import type { RawSession } from '../../session/raw-session.js';

/** The meta-tools of the two modes (§4.1, §4.2). */
export const META_TOOLS = {
  browse: 'tool_browse',
  execute: 'tool_execute',
  view: 'tool_view',
  hydrate: 'tool_hydrate',
} as const;

/** The primitive meta-tools of §9.4, in pairs: each kind's browse and read are listed together. */
export const PRIMITIVE_TOOLS = {
  resource: { browse: 'resource_browse', read: 'resource_read' },
  prompt: { browse: 'prompt_browse', read: 'prompt_get' },
} as const;

/** A kind of §9 primitive. */
export type PrimitiveKind = keyof typeof PRIMITIVE_TOOLS;

/** Which surface a target serves: the gateway (§4.2) or the transparent proxy (§4.1). */
export type GatewayMode = 'gateway' | 'proxy';

/** Every tool of `tools/list`, across pages, memoized per target. */
export function listTools(context: CheckContext): Promise<readonly Tool[]> {
  return context.memo('gateway.tools', async () => {
    const client = await context.client();
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  });
}

/**
 * The target's mode: `gateway` when it lists `tool_browse`, else `proxy` when it lists
 * `tool_hydrate` or `tool_execute`, else `undefined`.
 */
export async function modeOf(context: CheckContext): Promise<GatewayMode | undefined> {
  const names = new Set((await listTools(context)).map((tool) => tool.name));
  if (names.has(META_TOOLS.browse)) return 'gateway';
  if (names.has(META_TOOLS.hydrate) || names.has(META_TOOLS.execute)) return 'proxy';
  return undefined;
}

/** `undefined` when the target serves `mode`, else the skip outcome saying it does not. */
export async function requireMode(
  context: CheckContext,
  mode: GatewayMode,
): Promise<CheckOutcome | undefined> {
  const actual = await modeOf(context);
  return actual === mode
    ? undefined
    : notApplicable(`applies to ${mode} mode; the target is ${actual ?? 'neither'}`);
}

/** A meta-tool's answer: whether it is an error, its payload and its text. */
export interface MetaToolAnswer {
  /** `isError` of the tool result. */
  readonly isError: boolean;
  /** `structuredContent`, else the first text part parsed as JSON, else `undefined`. */
  readonly payload: Readonly<Record<string, unknown>> | undefined;
  /** The text parts, joined by newlines. */
  readonly text: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a `tools/call` result (anything but a record reads as an empty result). */
function answerOf(value: unknown): MetaToolAnswer {
  const result = isRecord(value) ? value : {};
  const parts = Array.isArray(result.content) ? result.content : [];
  const texts = parts.flatMap((part: unknown) =>
    isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? [part.text] : [],
  );
  const text = texts.join('\n');
  const structured = isRecord(result.structuredContent) ? result.structuredContent : undefined;
  const parsed = structured ?? parseJson(texts[0] ?? '');
  return {
    isError: result.isError === true,
    payload: isRecord(parsed) ? parsed : undefined,
    text,
  };
}

/** Calls a meta-tool with the shared client. */
export async function callMetaTool(
  context: CheckContext,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<MetaToolAnswer> {
  const client = await context.client();
  // No abort signal: memoized calls outlive the check that started them, and the runner
  // already bounds each check.
  return answerOf(await client.callTool({ name, arguments: { ...args } }));
}

/**
 * Calls a meta-tool in a raw session of the check's own (a fresh MCP session, for state that
 * belongs to one session); a JSON-RPC error throws.
 */
export async function callMetaToolOn(
  session: RawSession,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<MetaToolAnswer> {
  const response = await session.request('tools/call', { name, arguments: { ...args } });
  const error = errorOf(response);
  if (error !== undefined) {
    throw new Error(`${name} answered the JSON-RPC error ${error.code}: ${error.message ?? ''}`);
  }
  return answerOf(response.result);
}

/** The error code of an answer, when it is a §3.4 error. */
export function errorCodeOf(answer: MetaToolAnswer): string | undefined {
  const code = answer.payload?.error;
  return answer.isError && typeof code === 'string' ? code : undefined;
}

/** Describes an answer in a few words for a failure message. */
export function describeAnswer(answer: MetaToolAnswer): string {
  const code = errorCodeOf(answer);
  if (code !== undefined) return `error ${code}`;
  return `${answer.isError ? 'an error' : 'a result'} ${JSON.stringify(answer.text.slice(0, 80))}`;
}
