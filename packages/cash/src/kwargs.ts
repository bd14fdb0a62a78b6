/**
 * Checks on raw kwargs: depth and size limits, and key normalization against a schema.
 *
 * @module
 */

import { nestsDeeperThan } from '@x/core/json';
import { canonicalKey } from './names.js';

/** Bounds on a JSON value that arrives from a caller. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects accepted (the value itself is depth 1). */
  maxDepth: number;
  /** Most characters accepted, roughly as serialized JSON. */
  maxChars: number;
}

/** Default {@link JsonLimits}: depth 64, one million characters. */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxChars: 1_000_000 };

/** Why {@link checkJsonLimits} refused a value. */
export type JsonLimitViolation = 'depth' | 'size';

function scalarLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  return 4;
}

/** Whether `value`, roughly as serialized JSON, is longer than `maxChars`; walks without recursion. */
function exceedsJsonChars(value: unknown, maxChars: number): boolean {
  const stack: unknown[] = [value];
  let chars = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) {
      chars += scalarLength(current);
    } else {
      chars += 2;
      const entries = Array.isArray(current) ? current.entries() : Object.entries(current);
      for (const [key, item] of entries) {
        chars += typeof key === 'number' ? 1 : key.length + 4;
        stack.push(item);
      }
    }
    if (chars > maxChars) return true;
  }
  return false;
}

/**
 * The first limit `value` breaks, depth before size (so a value that breaks both is reported as
 * too deep), or `undefined` when it fits. Both walks are iterative, so a hostile depth cannot
 * overflow the stack.
 */
export function checkJsonLimits(
  value: unknown,
  limits: JsonLimits,
): JsonLimitViolation | undefined {
  if (nestsDeeperThan(value, limits.maxDepth)) return 'depth';
  return exceedsJsonChars(value, limits.maxChars) ? 'size' : undefined;
}

/** The outcome of {@link normalizeKwargs}. */
export type NormalizedKwargs =
  | { ok: true; kwargs: Record<string, unknown> }
  | { ok: false; conflicts: Array<[string, string]> };

/**
 * Renames kwargs keys to the parameter names they normalize to (§5.3): `customerId` and
 * `CUSTOMER_ID` both reach a parameter declared `customer_id`.
 *
 * An exact key always wins; otherwise the key's {@link canonicalKey} picks the parameter when
 * exactly one has that canonical form. Keys matching no parameter stay as they are (schema
 * validation then judges them). Two keys that land on the same parameter are a conflict.
 *
 * @see cash-rfc §5.3
 */
export function normalizeKwargs(
  kwargs: Record<string, unknown>,
  parameterNames: readonly string[],
): NormalizedKwargs {
  const exact = new Set(parameterNames);
  const byCanonical = new Map<string, string | null>();
  for (const name of parameterNames) {
    const key = canonicalKey(name);
    byCanonical.set(key, byCanonical.has(key) ? null : name);
  }
  const target = new Map<string, string>();
  const conflicts: Array<[string, string]> = [];
  const entries: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(kwargs)) {
    const mapped = exact.has(key) ? key : (byCanonical.get(canonicalKey(key)) ?? key);
    const previous = target.get(mapped);
    if (previous !== undefined) {
      conflicts.push([previous, key]);
      continue;
    }
    target.set(mapped, key);
    entries.push([mapped, value]);
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  // Object.fromEntries defines own properties, so a `__proto__` key stays plain data.
  return { ok: true, kwargs: Object.fromEntries(entries) };
}
