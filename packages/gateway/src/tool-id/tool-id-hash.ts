/**
 * The schema-shape hash (`hash8`) of a `tool_id`, byte-compatible with the
 * spec's Python reference.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { sha256Hex } from '../util/digest.js';
import { sortByCodePoint } from '../util/strings.js';
import { pythonJsonDumps, pythonJsonString } from './python-json.js';

function schemaInvalid(reason: string): GatewayError {
  return new GatewayError({
    code: 'SCHEMA_INVALID',
    message: `input schema cannot be hashed: ${reason}`,
    data: { reason },
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Python's truthiness for a JSON value (a missing key reads as `None`). */
function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** Python's `sorted()` of a list, for the element types it can order without raising. */
function pythonSorted(items: readonly unknown[], field: string): unknown[] {
  if (items.length <= 1) return [...items];
  if (items.every((item) => typeof item === 'string')) return sortByCodePoint(items as string[]);
  if (items.every((item) => typeof item === 'number' || typeof item === 'boolean')) {
    return [...items].sort((left, right) => Number(left) - Number(right));
  }
  throw schemaInvalid(`"${field}" mixes values that cannot be ordered`);
}

/** `sorted(value or [])`, where `value` may be any JSON value Python can iterate. */
function sortedIterable(value: unknown, field: string): unknown[] {
  if (!isTruthy(value)) return [];
  if (Array.isArray(value)) return pythonSorted(value, field);
  if (typeof value === 'string') return sortByCodePoint(Array.from(value));
  if (isPlainObject(value)) return sortByCodePoint(Object.keys(value));
  throw schemaInvalid(`"${field}" is not iterable`);
}

/**
 * The canonical form of an input schema's shape: the JSON of its sorted
 * top-level property names and sorted `required` list, exactly as the
 * reference's `json.dumps(..., sort_keys=True, separators=(",", ":"))` writes it
 * (`ensure_ascii` escapes, Python float `repr`, code-point order).
 *
 * Types and descriptions are left out so prose edits keep the id. Values the
 * reference reads the Python way are read the same way here: a missing, null,
 * empty or false `properties`/`required` counts as empty, a `required` string
 * sorts as its characters, a `required` object as its keys. Where Python
 * raises (a non-object schema, a `properties` that is a non-empty non-object,
 * a `required` mixing strings with numbers or holding several non-scalars) this
 * throws {@link GatewayError} `SCHEMA_INVALID`. Known limits: an integral float
 * written `1.0` hashes as the int `1`, and integers beyond 2^53 lose precision,
 * because both are gone once JSON is parsed in JavaScript.
 *
 * @see gateway-surface §1.3
 */
export function canonicalShape(inputSchema: unknown): string {
  if (!isPlainObject(inputSchema)) throw schemaInvalid('the schema is not an object');
  const properties = inputSchema.properties;
  let propertyNames: string[] = [];
  if (isTruthy(properties)) {
    if (!isPlainObject(properties)) throw schemaInvalid('"properties" is not an object');
    propertyNames = sortByCodePoint(Object.keys(properties));
  }
  const required = sortedIterable(inputSchema.required, 'required');
  // The keys in sorted order, as `sort_keys=True` writes them; lists of names written directly.
  const requiredJson = required.every((item) => typeof item === 'string')
    ? stringList(required as string[])
    : pythonJsonDumps(required);
  return `{"properties":${stringList(propertyNames)},"required":${requiredJson}}`;
}

/** `json.dumps` of a list of strings, compact. */
function stringList(items: readonly string[]): string {
  let json = '[';
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0) json += ',';
    json += pythonJsonString(items[index] as string);
  }
  return `${json}]`;
}

/**
 * The first 8 hex characters of SHA-256 over `upstreamName + "\n" + canonicalShape(inputSchema)` in UTF-8.
 *
 * `upstreamName` is the name as the upstream reports it, before any namespace
 * stripping. A lone surrogate in it is encoded as U+FFFD (the reference raises
 * there). Throws {@link GatewayError} `SCHEMA_INVALID` as {@link canonicalShape} does.
 *
 * @see gateway-surface §1.3
 */
export function hash8(upstreamName: string, inputSchema: unknown): string {
  if (typeof upstreamName !== 'string') {
    throw new GatewayError({
      code: 'TOOL_ID_INVALID',
      message: 'the upstream tool name is not a string',
      data: { reason: 'upstream name is not a string' },
    });
  }
  const canonical = `${upstreamName}\n${canonicalShape(inputSchema)}`;
  return sha256Hex(canonical).slice(0, 8);
}
