/**
 * The one place where a {@link GatewayError} becomes the §3.4 wire payload.
 *
 * @module
 */

import type { GatewayError, GatewayErrorCode, GatewayWireErrorCode } from '../errors.js';
import { capLength, toSingleLine } from '../util/strings.js';
import { redactMessage } from './redact.js';

/**
 * The error shape `tool_browse` (and every meta-tool) returns, field order included.
 *
 * @see gateway-surface §3.4
 */
export interface GatewayErrorPayload {
  /** The spec's error code. */
  error: GatewayWireErrorCode;
  /** One redacted, length-capped line. */
  message: string;
  /** The offending path, or the empty string. */
  path: string;
  /** Whether the same call may succeed on retry. */
  retryable: boolean;
  /** Implementation-defined details: the error's `data`, made JSON-safe and redacted. */
  details?: Record<string, unknown>;
}

/**
 * What {@link toErrorPayload} takes besides the error.
 *
 * @see gateway-surface §3.4
 */
export interface ErrorPayloadOptions {
  /** The cap on `message`, in UTF-16 code units (default that of {@link redactMessage}). */
  maxMessageLength?: number;
}

/** In-process codes and the wire code each travels as (the in-process code goes in `details.reason`). */
const WIRE_CODE_FOR_INTERNAL_CODE: Readonly<Record<string, GatewayWireErrorCode>> = {
  TOOL_ID_INVALID: 'ARGS_INVALID',
  TOOL_ID_COLLISION: 'UPSTREAM_ERROR',
  CARD_INVALID: 'UPSTREAM_ERROR',
  CARD_OVER_BUDGET: 'UPSTREAM_ERROR',
  NO_CANDIDATES: 'UPSTREAM_ERROR',
} satisfies Record<Exclude<GatewayErrorCode, GatewayWireErrorCode>, GatewayWireErrorCode>;

const MAX_PATH_LENGTH = 256;
const MAX_DEPTH = 4;
const MAX_ENTRIES = 32;
const MAX_KEY_LENGTH = 64;

/**
 * Builds the §3.4 payload of an error: the only way a gateway error reaches a model.
 *
 * The message goes through {@link redactMessage}; `path` is made one line and
 * capped at 256 code units; `details` is the error's `data` made JSON-safe
 * (at most 4 levels and 32 entries per level, string leaves redacted,
 * non-finite numbers as `null`, functions and symbols dropped). In-process
 * codes travel as a wire code: `TOOL_ID_INVALID` as `ARGS_INVALID`, the others
 * as `UPSTREAM_ERROR`, with the in-process code in `details.reason`.
 *
 * @see gateway-surface §3.4
 */
export function toErrorPayload(
  error: GatewayError,
  options: ErrorPayloadOptions = {},
): GatewayErrorPayload {
  const internalWireCode = WIRE_CODE_FOR_INTERNAL_CODE[error.code];
  const messageOptions =
    options.maxMessageLength === undefined ? {} : { maxLength: options.maxMessageLength };
  const payload: GatewayErrorPayload = {
    error: internalWireCode ?? (error.code as GatewayWireErrorCode),
    message: redactMessage(error.message, messageOptions),
    path: capLength(toSingleLine(error.path ?? ''), MAX_PATH_LENGTH),
    retryable: error.retryable,
  };
  const details =
    error.data === undefined ? {} : (toJsonSafe(error.data, 0) as Record<string, unknown>);
  const withReason = internalWireCode === undefined ? details : { ...details, reason: error.code };
  if (Object.keys(withReason).length > 0) payload.details = withReason;
  return payload;
}

function toJsonSafe(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return redactMessage(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.slice(0, MAX_ENTRIES).map((item) => toJsonSafe(item, depth + 1) ?? null);
  }
  const result: Record<string, unknown> = {};
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    if (count >= MAX_ENTRIES) break;
    if (key === '__proto__' || key.length > MAX_KEY_LENGTH || toSingleLine(key) !== key) continue;
    const safe = toJsonSafe(item, depth + 1);
    if (safe === undefined) continue;
    result[key] = safe;
    count += 1;
  }
  return result;
}
