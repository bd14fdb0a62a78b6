/**
 * A call of a function by a model, and the written shapes a call can take.
 *
 * @module
 */

/**
 * A call to execute: a function name and its arguments object.
 *
 * @see mcs §3.3
 */
export interface FunctionCall {
  /** The function's name, as listed in the function description. */
  name: string;
  /** The arguments, already parsed from the model's text. */
  arguments: Record<string, unknown>;
}

/**
 * The written shapes of a call the parser reads and {@link formatCall} writes.
 *
 * - `mcs`: `{"tool": name, "arguments": {...}}`, the shape our system messages ask for.
 * - `name-arguments`: `{"name": name, "arguments": {...}}` (Hermes, Qwen, Mistral, OpenAI
 *   Responses `function_call` items; `arguments` may be a JSON string).
 * - `name-parameters`: `{"name": name, "parameters": {...}}` (Llama 3.x JSON tool calls).
 * - `openai`: `{"tool_calls": [{"type": "function", "function": {"name", "arguments": "<json>"}}]}`,
 *   or one item of that list on its own.
 * - `openai-function-call`: the older `{"function_call": {"name", "arguments": "<json>"}}`.
 * - `anthropic`: `{"type": "tool_use", "id", "name", "input": {...}}`, alone, in a content
 *   array, or in an assistant message's `content`.
 * - `gemini`: `{"functionCall": {"name", "args": {...}}}`.
 * - `react`: `{"action": name, "action_input": {...}}` (JSON agents in the ReAct style).
 */
export const CALL_STYLES = [
  'mcs',
  'name-arguments',
  'name-parameters',
  'openai',
  'openai-function-call',
  'anthropic',
  'gemini',
  'react',
] as const;

/** One of {@link CALL_STYLES}. */
export type CallStyle = (typeof CALL_STYLES)[number];

/** A call the parser found in a model's text. */
export interface ParsedCall extends FunctionCall {
  /** The shape the model wrote it in. */
  style: CallStyle;
  /** The call id the model gave (`tool_calls[].id`, `tool_use.id`, `call_id`), when it gave one. */
  id?: string;
  /**
   * Present when the call was not strict JSON and was repaired (a trailing comma, single
   * quotes, unquoted keys, ...); see `parseNearJson` for what a repair may do.
   */
  repaired?: true;
}
