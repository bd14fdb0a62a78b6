/**
 * Tool calls made to observe session authorization, and how their answers are classified.
 *
 * @module
 */

import { excerpt, isRecord, type RawMessage } from '../../session/json-rpc.js';
import type { RawSession } from '../../session/raw-session.js';
import { type JsonObject, wireErrorIn } from './reads.js';

/** The code of a call refused for want of a description read (§6.2). */
export const DESCRIPTION_REQUIRED = 'TOOL_DESCRIPTION_REQUIRED';

/** What a `tools/call` answered. */
export interface CallAnswer {
  /** The `TOOL_DESCRIPTION_REQUIRED` error, when the call was refused with it. */
  readonly refusal: JsonObject | undefined;
  /** True for a result that is not an error result. */
  readonly succeeded: boolean;
  /** One line for messages: `refused with TOOL_DESCRIPTION_REQUIRED`, `a result`, ... */
  readonly summary: string;
}

function textsOf(result: JsonObject): string[] {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.flatMap((item) =>
    isRecord(item) && typeof item.text === 'string' ? [item.text] : [],
  );
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The refusal a call answer carries: a JSON-RPC error or an error result whose text is the
 * `TOOL_DESCRIPTION_REQUIRED` JSON, or that at least names the code (then only `code` is known).
 */
function refusalIn(response: RawMessage): JsonObject | undefined {
  if (isRecord(response.error)) {
    const fromData = wireErrorIn(response.error.data);
    if (fromData?.code === DESCRIPTION_REQUIRED) return fromData;
    const message = response.error.message;
    return typeof message === 'string' && message.includes(DESCRIPTION_REQUIRED)
      ? { code: DESCRIPTION_REQUIRED }
      : undefined;
  }
  if (!isRecord(response.result) || response.result.isError !== true) return undefined;
  for (const text of textsOf(response.result)) {
    const error = wireErrorIn(parsed(text));
    if (error?.code === DESCRIPTION_REQUIRED) return error;
    if (text.includes(DESCRIPTION_REQUIRED)) return { code: DESCRIPTION_REQUIRED };
  }
  return undefined;
}

/** Classifies a `tools/call` response. */
function toCallAnswer(response: RawMessage): CallAnswer {
  const refusal = refusalIn(response);
  if (refusal !== undefined) {
    return { refusal, succeeded: false, summary: `refused with ${DESCRIPTION_REQUIRED}` };
  }
  if (isRecord(response.error)) {
    const { code, message } = response.error;
    return {
      refusal,
      succeeded: false,
      summary: `a JSON-RPC error ${String(code)} ${excerpt(String(message), 60)}`,
    };
  }
  const result = isRecord(response.result) ? response.result : {};
  if (result.isError === true) {
    const text = textsOf(result)[0] ?? '';
    return {
      refusal,
      succeeded: false,
      summary: `an error result ${JSON.stringify(excerpt(text, 60))}`,
    };
  }
  return { refusal, succeeded: true, summary: 'a result' };
}

/** Calls `name` with `args` on `session` and classifies the answer. */
export async function callTool(
  session: RawSession,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<CallAnswer> {
  return toCallAnswer(await session.request('tools/call', { name, arguments: args }));
}
