/**
 * The stable `tool_id` grammar: parse and format.
 *
 * @module
 */

import { GatewayError } from '../errors.js';

/**
 * The parts of a `tool_id`. Absent optional parts are absent keys, never `undefined`.
 *
 * @see gateway-surface §1.1, §1.6
 */
export interface ToolIdParts {
  /** `[a-z][a-z0-9_-]{0,63}`. */
  namespace: string;
  /** `[A-Za-z_][A-Za-z0-9_.-]{0,127}`. */
  name: string;
  /** `[A-Za-z0-9._-]{1,32}`, the upstream-declared version. */
  version?: string;
  /** `[0-9a-f]{8}`, the schema-shape hash of §1.3. */
  hash8?: string;
}

/**
 * The longest `tool_id` the grammar allows.
 *
 * @see gateway-surface §1.1
 */
export const TOOL_ID_MAX_LENGTH = 240;

/**
 * The namespace grammar (also the grammar of a root path segment).
 *
 * @see gateway-surface §1.1, §3.2
 */
export const NAMESPACE_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * The name grammar.
 *
 * @see gateway-surface §1.1
 */
export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;

/**
 * The version grammar.
 *
 * @see gateway-surface §1.1
 */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

/**
 * The hash8 grammar.
 *
 * @see gateway-surface §1.1
 */
export const HASH8_PATTERN = /^[0-9a-f]{8}$/;

const TOOL_ID_PATTERN =
  /^([a-z][a-z0-9_-]{0,63}):([A-Za-z_][A-Za-z0-9_.-]{0,127})(?:@([A-Za-z0-9._-]{1,32}))?(?:#([0-9a-f]{8}))?$/;

function invalid(reason: string, field?: string): GatewayError {
  return new GatewayError({
    code: 'TOOL_ID_INVALID',
    message: `malformed tool_id: ${reason}`,
    data: field === undefined ? { reason } : { reason, field },
  });
}

/**
 * Splits a `tool_id` into its parts.
 *
 * Accepts exactly the §1.1 grammar (so `ns:name` with neither version nor
 * hash parses, although adapters never emit it). Anything else, non-strings
 * included, throws a {@link GatewayError} `TOOL_ID_INVALID` whose
 * `data.reason` says what is wrong; nothing else is ever thrown.
 *
 * @see gateway-surface §1.1, §1.6
 */
export function parseToolId(toolId: string): ToolIdParts {
  if (typeof toolId !== 'string') throw invalid('not a string');
  if (toolId.length > TOOL_ID_MAX_LENGTH) {
    throw invalid(`longer than ${TOOL_ID_MAX_LENGTH} characters`);
  }
  const match = TOOL_ID_PATTERN.exec(toolId);
  if (match === null) throw invalid(describeMismatch(toolId));
  const [, namespace = '', name = '', version, hash8] = match;
  const parts: ToolIdParts = { namespace, name };
  if (version !== undefined) parts.version = version;
  if (hash8 !== undefined) parts.hash8 = hash8;
  return parts;
}

/** Names the first part of a non-matching id that is wrong, for a useful message. */
function describeMismatch(toolId: string): string {
  const colon = toolId.indexOf(':');
  if (colon < 0) return 'no ":" between namespace and name';
  if (!NAMESPACE_PATTERN.test(toolId.slice(0, colon))) return 'namespace breaks the grammar';
  const rest = toolId.slice(colon + 1);
  const name = /^[^@#]*/.exec(rest)?.[0] ?? '';
  if (!NAME_PATTERN.test(name)) return 'name breaks the grammar';
  const hashAt = rest.indexOf('#', name.length);
  if (rest[name.length] === '@') {
    const version = rest.slice(name.length + 1, hashAt < 0 ? undefined : hashAt);
    if (!VERSION_PATTERN.test(version)) return 'version breaks the grammar';
  }
  return 'hash8 breaks the grammar';
}

/**
 * Writes parts as a `tool_id`: the inverse of {@link parseToolId}.
 *
 * Every part is checked against its grammar; a violation (or a part given as
 * `undefined`, or a non-object) throws {@link GatewayError} `TOOL_ID_INVALID`
 * naming the field, so a malformed id can never be produced.
 *
 * @see gateway-surface §1.6, §7
 */
export function formatToolId(parts: ToolIdParts): string {
  if (typeof parts !== 'object' || parts === null) throw invalid('parts are not an object');
  const { namespace, name, version, hash8 } = parts;
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) {
    throw invalid('namespace breaks the grammar', 'namespace');
  }
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw invalid('name breaks the grammar', 'name');
  }
  if ('version' in parts && (typeof version !== 'string' || !VERSION_PATTERN.test(version))) {
    throw invalid('version breaks the grammar', 'version');
  }
  if ('hash8' in parts && (typeof hash8 !== 'string' || !HASH8_PATTERN.test(hash8))) {
    throw invalid('hash8 breaks the grammar', 'hash8');
  }
  const versionPart = version === undefined ? '' : `@${version}`;
  const hashPart = hash8 === undefined ? '' : `#${hash8}`;
  return `${namespace}:${name}${versionPart}${hashPart}`;
}

/**
 * True when `value` is a string in the §1.1 grammar.
 *
 * @see gateway-surface §1.1
 */
export function isToolId(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= TOOL_ID_MAX_LENGTH && TOOL_ID_PATTERN.test(value)
  );
}
