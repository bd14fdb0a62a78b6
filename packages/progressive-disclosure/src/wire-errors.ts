/**
 * Every error payload a client sees, built in one place from one table of codes.
 *
 * The three codes of the specification keep its exact JSON shape; the codes this package adds
 * for hostile or excessive reads use the same `{"error": {"code", "message", ...}}` envelope.
 *
 * @see progressive-disclosure §6
 * @module
 */

import { formatToolDescriptionsUri, TOOL_DESCRIPTIONS_URI } from './resource-uri.js';

/**
 * The codes a client can receive.
 *
 * - `MISSING_TOOL_SELECTION` (§6.1): the resource was read without naming any tool.
 * - `TOOL_DESCRIPTION_REQUIRED` (§6.2): a tool was called before its description was read in
 *   this session.
 * - `INVALID_TOOL_SELECTION`: a read named more tools than allowed, or an over-long name.
 * - `RATE_LIMITED` (§10.3): the session read descriptions faster than allowed.
 */
export type WireErrorCode =
  | 'MISSING_TOOL_SELECTION'
  | 'TOOL_DESCRIPTION_REQUIRED'
  | 'INVALID_TOOL_SELECTION'
  | 'RATE_LIMITED';

/** The `{"error": {...}}` envelope of a wire error. */
export interface WireError {
  /** The error body: a code, a message, and details depending on the code. */
  error: {
    /** The machine-readable code. */
    code: WireErrorCode;
    /** What went wrong and what to do, for a model to read. */
    message: string;
  } & Record<string, unknown>;
}

/** The entry of an unknown tool in a read's answer (§6.3). */
export interface ToolNotFoundEntry {
  /** `Tool '<name>' not found`. */
  error: string;
  /** Names the caller may read instead. */
  available_tools: string[];
}

/** The §6.1 payload, exactly as specified. */
export function missingToolSelection(): WireError {
  return {
    error: {
      code: 'MISSING_TOOL_SELECTION',
      message: "You must specify one or more tool names in the 'tools' parameter.",
      examples: [
        `${TOOL_DESCRIPTIONS_URI}?tools=tool_name`,
        `${TOOL_DESCRIPTIONS_URI}?tools=tool1,tool2`,
      ],
    },
  };
}

/** The §6.2 payload for `toolName`, with the URI that reads its description. */
export function toolDescriptionRequired(toolName: string): WireError {
  return {
    error: {
      code: 'TOOL_DESCRIPTION_REQUIRED',
      message: `Tool '${toolName}' requires fetching its description before use.`,
      resource_uri: formatToolDescriptionsUri([toolName]),
    },
  };
}

/** The §6.3 entry for an unknown (or hidden) tool. */
export function toolNotFound(toolName: string, availableTools: string[]): ToolNotFoundEntry {
  return { error: `Tool '${toolName}' not found`, available_tools: availableTools };
}

/** A read that names more than `maxTools` distinct tools. */
export function tooManyTools(count: number, maxTools: number): WireError {
  return {
    error: {
      code: 'INVALID_TOOL_SELECTION',
      message: `A read may name at most ${maxTools} tools; this one named ${count}. Read them in several smaller groups.`,
      max_tools: maxTools,
    },
  };
}

/** A read that names a tool longer than `maxNameLength`, which no tool can be. */
export function toolNameTooLong(length: number, maxNameLength: number): WireError {
  return {
    error: {
      code: 'INVALID_TOOL_SELECTION',
      message: `Tool names are at most ${maxNameLength} characters; one name in this read has ${length}. Use the names exactly as tools/list shows them.`,
      max_name_length: maxNameLength,
    },
  };
}

/** A read refused by the session's rate limit; `retryAfterMs` says when one will pass. */
export function rateLimited(retryAfterMs: number): WireError {
  return {
    error: {
      code: 'RATE_LIMITED',
      message: `Too many tool description reads in this session; retry in ${Math.ceil(retryAfterMs / 1000)} s. Read several tools in one request: ?tools=a,b.`,
      retry_after_ms: retryAfterMs,
    },
  };
}
