/**
 * The checks and conversions every {@link SessionStore} shares, so that the in-memory and the
 * Redis store accept, refuse and order exactly the same things.
 *
 * @module
 */

import { CoreError } from '../errors.js';
import type { JsonValue, SessionStore } from './session-store.js';

/** The JSON text of `value`, or a `CoreError` `INVALID_ARGUMENT` naming `key` when JSON cannot write it. */
export function serializeValue(key: string, value: JsonValue): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw invalidValue(key, error);
  }
  if (typeof text !== 'string') throw invalidValue(key, undefined);
  return text;
}

function invalidValue(key: string, cause: unknown): CoreError {
  return new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `Session store value for key "${key}" is not JSON-serializable.`,
    data: { key },
    cause,
  });
}

/** Any control character: C0 (NUL included), DEL and C1. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Refuses, with `INVALID_ARGUMENT`, a key (or key prefix) that is not a string or that holds a
 * control character: ids reach the stores from callers (session ids, names), and a NUL or an
 * escape must not become part of a Redis key or a log line.
 */
export function requireKey(key: string): void {
  if (typeof key !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: 'Session store keys must be strings.',
    });
  }
  if (CONTROL_CHARACTER.test(key)) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `Session store keys must not contain control characters: ${JSON.stringify(key.slice(0, 100))}.`,
    });
  }
}

/** Refuses anything but a positive safe integer with `INVALID_ARGUMENT` naming the option. */
export function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must be a positive integer, got ${String(value)}.`,
      data: { option: name },
    });
  }
}

/** Orders strings by UTF-16 code unit, as {@link SessionStore.keys} promises. */
export function compareCodeUnits(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}
