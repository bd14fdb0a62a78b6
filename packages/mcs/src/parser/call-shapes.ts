/**
 * Recognizes the shapes of a function call in a parsed JSON value (see {@link CALL_STYLES}).
 *
 * @module
 */

import type { CallStyle } from '../function-call.js';

/** A call as written, before its function is looked up and its arguments checked. */
export interface RawCall {
  /** The function name the model wrote. */
  name: string;
  /** The arguments as written: an object, a JSON string, or anything else; `undefined` if absent. */
  rawArguments: unknown;
  /** The shape the call was written in. */
  style: CallStyle;
  /** The call id the model gave, if any. */
  id?: string;
  /** True when the JSON around the call needed a repair to parse. */
  repaired?: boolean;
}

/** Keys the `mcs` shape accepts for the arguments, in order of preference. */
const MCS_ARGUMENT_KEYS = ['arguments', 'parameters', 'args', 'input'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function withId(call: RawCall, ...candidates: unknown[]): RawCall {
  const id = candidates.find(nonEmptyString);
  return id === undefined ? call : { ...call, id };
}

/**
 * Returns the calls a parsed JSON value holds, or `undefined` when it is no call at all.
 *
 * An array is a list of calls when at least one item is a call (nested arrays are read the same
 * way); items that are not (text blocks, stray values) are skipped. Two shapes are also common in plain data and count as a
 * call only when `isKnownName` accepts the name: `{"tool": name}` without arguments (so
 * `{"tool": "hammer"}` stays data) and `{"name", "parameters"}`. A whole OpenAI
 * chat-completions response (`{"choices": [{"message": {"tool_calls": [...]}}]}`) holds the
 * calls of its first choice's message.
 */
export function recognizeCalls(
  value: unknown,
  isKnownName: (name: string) => boolean,
): RawCall[] | undefined {
  if (Array.isArray(value)) {
    const calls = value.flatMap((item) =>
      isObject(item) || Array.isArray(item) ? (recognizeCalls(item, isKnownName) ?? []) : [],
    );
    return calls.length === 0 ? undefined : calls;
  }
  if (!isObject(value)) return undefined;
  return recognizeObject(value, isKnownName);
}

function recognizeObject(
  value: JsonObject,
  isKnownName: (name: string) => boolean,
): RawCall[] | undefined {
  if (Array.isArray(value.choices)) {
    // A whole chat-completions response; its choices are alternatives, so only the first counts.
    const [first] = value.choices;
    return isObject(first) && isObject(first.message)
      ? recognizeObject(first.message, isKnownName)
      : undefined;
  }
  if (Array.isArray(value.tool_calls)) {
    const calls = value.tool_calls.flatMap((item) => {
      const call = isObject(item) ? recognizeOpenAiItem(item) : undefined;
      return call === undefined ? [] : [call];
    });
    return calls.length === 0 ? undefined : calls;
  }
  if (Array.isArray(value.content) && (value.role === 'assistant' || value.type === 'message')) {
    return recognizeCalls(value.content, isKnownName);
  }
  const call = recognizeSingle(value, isKnownName);
  return call === undefined ? undefined : [call];
}

function recognizeOpenAiItem(item: JsonObject): RawCall | undefined {
  const fn = item.function;
  if (!isObject(fn) || !nonEmptyString(fn.name)) return undefined;
  return withId({ name: fn.name, rawArguments: fn.arguments, style: 'openai' }, item.id);
}

function recognizeSingle(
  value: JsonObject,
  isKnownName: (name: string) => boolean,
): RawCall | undefined {
  if (value.type === 'tool_use' && nonEmptyString(value.name)) {
    return withId(
      {
        name: value.name,
        rawArguments: Object.hasOwn(value, 'input') ? value.input : {},
        style: 'anthropic',
      },
      value.id,
    );
  }
  const legacy = value.function_call;
  if (isObject(legacy) && nonEmptyString(legacy.name)) {
    return { name: legacy.name, rawArguments: legacy.arguments, style: 'openai-function-call' };
  }
  const gemini = value.functionCall;
  if (isObject(gemini) && nonEmptyString(gemini.name)) {
    return {
      name: gemini.name,
      rawArguments: Object.hasOwn(gemini, 'args') ? gemini.args : {},
      style: 'gemini',
    };
  }
  if (isObject(value.function)) return recognizeOpenAiItem(value);
  if (nonEmptyString(value.tool)) {
    const key = MCS_ARGUMENT_KEYS.find((candidate) => Object.hasOwn(value, candidate));
    if (key === undefined && !isKnownName(value.tool)) return undefined;
    return withId(
      { name: value.tool, rawArguments: key === undefined ? {} : value[key], style: 'mcs' },
      value.id,
    );
  }
  if (nonEmptyString(value.action) && Object.hasOwn(value, 'action_input')) {
    return { name: value.action, rawArguments: value.action_input, style: 'react' };
  }
  if (nonEmptyString(value.name) && Object.hasOwn(value, 'arguments')) {
    return withId(
      { name: value.name, rawArguments: value.arguments, style: 'name-arguments' },
      value.call_id,
      value.id,
    );
  }
  // `{"name", "parameters"}` is also a common shape of plain data: only a known name makes it a call.
  if (nonEmptyString(value.name) && Object.hasOwn(value, 'parameters') && isKnownName(value.name)) {
    return { name: value.name, rawArguments: value.parameters, style: 'name-parameters' };
  }
  return undefined;
}
