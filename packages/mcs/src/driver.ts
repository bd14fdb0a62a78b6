/**
 * The MCS driver contract (mcs §3) and the richer typed outcome our drivers also offer.
 *
 * @module
 */

import type { DriverMeta } from './driver-meta.js';
import type { McsError } from './errors.js';
import type { FunctionCall, ParsedCall } from './function-call.js';
import type { FunctionDefinition } from './function-definition.js';
import type { CallIssue } from './parser/parse-result.js';

/** Options of one call into a driver. */
export interface CallOptions {
  /** Aborts the bridge operation; the driver then fails with `CANCELLED`. */
  signal?: AbortSignal;
}

/**
 * The minimal driver contract of mcs §3, with the spec's semantics.
 *
 * - `getFunctionDescription(modelName?)` returns a static, LLM-readable description of the
 *   functions, in a standard format where one exists (mcs §3.1).
 * - `getDriverSystemMessage(modelName?)` returns a complete system message that contains the
 *   description and tells the model how to write a parseable call, tailored to the model's
 *   family when `modelName` is given (mcs §3.2).
 * - `processLlmResponse(text)` parses the model's text, executes the call(s) over the bridge
 *   and resolves to the raw result without post-processing (mcs §3.3):
 *   - no call in the text: resolves to the text itself, unchanged (the model answered; the
 *     driver has nothing to do; same convention as the reference Python SDK of spec v0.1);
 *   - one call: resolves to that call's raw result;
 *   - several calls: resolves to an array of raw results, in text order;
 *   - a malformed call: rejects with `McsError` `CALL_INVALID` carrying `retryPrompt`;
 *   - a bridge failure: rejects with `McsError` (`TIMEOUT`, `UNAVAILABLE`, ...).
 * - `specVersion` is the MCS spec version the driver implements (mcs §9).
 *
 * @see mcs §3
 */
export interface MCSDriver {
  /** The driver's metadata (mcs §3 `DriverMeta`). */
  readonly meta: DriverMeta;
  /** The MCS spec version implemented, `MAJOR.MINOR.PATCH` (mcs §9). */
  readonly specVersion: string;
  /** The function description (mcs §3.1). */
  getFunctionDescription(modelName?: string): string;
  /** The ready-to-use system message (mcs §3.2). */
  getDriverSystemMessage(modelName?: string): string;
  /** Parses, executes and returns the raw result (mcs §3.3). */
  processLlmResponse(llmResponse: string, options?: CallOptions): Promise<unknown>;
}

/** A call that was executed, with its raw result. */
export interface ExecutedCall extends ParsedCall {
  /** The raw result the bridge returned. */
  result: unknown;
}

/**
 * What happened to a model's text, as a value instead of a raw result or a thrown error.
 *
 * - `no_call`: the text holds no call; `text` is the model's answer.
 * - `executed`: every call ran; `result` is what `processLlmResponse` resolves to.
 * - `invalid_call`: the text holds a malformed call; nothing ran.
 * - `failed`: a call reached the bridge and failed; the calls before it ran (`executed`),
 *   the ones after it did not.
 *
 * @see mcs §3.3
 */
export type DriverResponse =
  | {
      /** The text holds no call. */
      status: 'no_call';
      /** The model's answer, unchanged. */
      text: string;
    }
  | {
      /** Every call ran. */
      status: 'executed';
      /** The calls, in text order, with their raw results. */
      calls: ExecutedCall[];
      /** One call's raw result, or the array of results of several. */
      result: unknown;
    }
  | {
      /** The text holds a malformed call; nothing ran. */
      status: 'invalid_call';
      /** One entry per problem. */
      issues: CallIssue[];
      /** The calls of the text that were fine (not executed either). */
      calls: ParsedCall[];
      /** The text to send back to the model. */
      retryPrompt: string;
    }
  | {
      /** A call reached the bridge and failed. */
      status: 'failed';
      /** The calls that ran before it. */
      executed: ExecutedCall[];
      /** The call that failed. */
      failedCall: ParsedCall;
      /** Why, with the same `retryPrompt`. */
      error: McsError;
      /** The text to send back to the model. */
      retryPrompt: string;
    };

/** A driver that also reports a typed {@link DriverResponse} instead of a raw result. */
export interface DetailedDriver extends MCSDriver {
  /** Like `processLlmResponse`, but resolves to a {@link DriverResponse} and never rejects. */
  processLlmResponseDetailed(llmResponse: string, options?: CallOptions): Promise<DriverResponse>;
}

/**
 * A driver whose functions and executor are visible, so an orchestrator can combine it with
 * others and route calls to it.
 */
export interface CallableDriver extends DetailedDriver {
  /** The functions the driver exposes, under their unprefixed names. */
  listFunctions(): readonly FunctionDefinition[];
  /** Executes one already-validated call over the bridge and resolves to its raw result. */
  executeCall(call: FunctionCall, options?: CallOptions): Promise<unknown>;
}
