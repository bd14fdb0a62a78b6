/**
 * What the parser makes of a model's text: no call, calls, or a malformed call with a retry prompt.
 *
 * @module
 */

import type { ParsedCall } from '../function-call.js';

/**
 * Why a text holds no usable call.
 *
 * - `input_not_text`: the input is not a string.
 * - `input_too_large`: the text is longer than `maxInputChars`; it was not read.
 * - `too_deep`: JSON nests deeper than `maxDepth`.
 * - `scan_limit_reached`: the text cost more than `maxRepairAttempts` or `maxScanChars`.
 * - `too_many_calls`: the text holds more than `maxCalls` calls.
 * - `unparseable_json`: a span that looks like a call is not JSON, even after repair.
 * - `forbidden_key`: the JSON holds `__proto__`, `constructor` or `prototype` as a key.
 * - `duplicate_key`: one JSON object of a call writes a key twice (two `"tool"` keys), so
 *   which value counts is ambiguous.
 * - `unknown_function`: the call names no function of the set.
 * - `arguments_not_json`: the arguments are a string that is not JSON.
 * - `arguments_not_object`: the arguments are not a JSON object.
 * - `invalid_arguments`: the arguments fail the function's JSON Schema.
 *
 * @see mcs §3.3
 */
export type CallIssueReason =
  | 'input_not_text'
  | 'input_too_large'
  | 'too_deep'
  | 'scan_limit_reached'
  | 'too_many_calls'
  | 'unparseable_json'
  | 'forbidden_key'
  | 'duplicate_key'
  | 'unknown_function'
  | 'arguments_not_json'
  | 'arguments_not_object'
  | 'invalid_arguments';

/** One problem with a model's text, in words the model can act on. */
export interface CallIssue {
  /** The machine-readable reason. */
  reason: CallIssueReason;
  /** One line for the model and for logs. */
  message: string;
  /** The function the call named, when the problem concerns one call. */
  name?: string;
  /** For `invalid_arguments`: one line per schema violation (`/path message`). */
  errors?: string[];
}

/**
 * The outcome of parsing a model's text.
 *
 * - `no_call`: the text holds no call; it is the model's answer, not an error.
 * - `calls`: every call found, in text order, each valid against its function's schema.
 * - `malformed`: at least one problem; `calls` lists the calls that were fine, `retryPrompt`
 *   is a text the client can send back so the model corrects itself. A driver executes none
 *   of the calls of a malformed text.
 *
 * @see mcs §3.3
 */
export type ParseResult =
  | {
      /** The text holds no call. */
      status: 'no_call';
    }
  | {
      /** The text holds calls, all valid. */
      status: 'calls';
      /** The calls, in text order. */
      calls: ParsedCall[];
    }
  | {
      /** The text holds at least one problem. */
      status: 'malformed';
      /** One entry per problem, in text order. */
      issues: CallIssue[];
      /** The calls that were fine. */
      calls: ParsedCall[];
      /** The text to send back to the model. */
      retryPrompt: string;
    };
