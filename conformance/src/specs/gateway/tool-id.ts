/**
 * The tool id grammar of §1.1, as a conformance check reads it (hand-written: one regular
 * expression per field, straight from the spec's grammar).
 *
 * @module
 */

const NAMESPACE = '[a-z][a-z0-9_-]{0,63}';
const NAME = '[A-Za-z_][A-Za-z0-9_.-]{0,127}';
const VERSION = '[A-Za-z0-9._-]{1,32}';
const HASH8 = '[0-9a-f]{8}';

/** A whole tool id; groups: namespace, name, version, hash8. */
const TOOL_ID = new RegExp(`^(${NAMESPACE}):(${NAME})(?:@(${VERSION}))?(?:#(${HASH8}))?$`);

/** The longest tool id (§1.1). */
export const TOOL_ID_MAX_LENGTH = 240;

/** The parts of a well-formed tool id. */
export interface ToolIdParts {
  /** The namespace. */
  readonly namespace: string;
  /** The name. */
  readonly name: string;
  /** The version, when given. */
  readonly version: string | undefined;
  /** The hash, when given. */
  readonly hash8: string | undefined;
}

/** The parts of `id`, or `undefined` when it breaks the grammar or the length bound. */
export function parseToolId(id: string): ToolIdParts | undefined {
  if (id.length > TOOL_ID_MAX_LENGTH) return undefined;
  const match = TOOL_ID.exec(id);
  if (match === null) return undefined;
  return {
    namespace: match[1] ?? '',
    name: match[2] ?? '',
    version: match[3],
    hash8: match[4],
  };
}

/** What is wrong with `id` as a §1.1 tool id (with §1.3's hash8 rule), or `undefined`. */
export function toolIdProblem(id: string): string | undefined {
  const parts = parseToolId(id);
  if (parts === undefined)
    return `${JSON.stringify(id)} is not namespace:name[@version][#hash8] of at most 240 characters`;
  if (parts.version === undefined && parts.hash8 === undefined) {
    return `${JSON.stringify(id)} has neither a version nor a hash8`;
  }
  return undefined;
}

/** True when `id` is `prefix` itself or `prefix` followed by `@version` and/or `#hash8`. */
export function idMatchesPrefix(id: string, prefix: string): boolean {
  if (id === prefix) return true;
  const parts = parseToolId(id);
  return parts !== undefined && `${parts.namespace}:${parts.name}` === prefix;
}

/**
 * A well-formed id of nothing: `id` (a tool id, or a primitive id without its `~N` key) with
 * another hash8, or with one added when it has none.
 */
export function unknownVariantOf(id: string): string {
  const hash8 = /#([0-9a-f]{8})$/.exec(id)?.[1];
  if (hash8 === undefined) return `${id}#00000000`;
  return `${id.slice(0, -8)}${hash8 === '00000000' ? 'ffffffff' : '00000000'}`;
}
