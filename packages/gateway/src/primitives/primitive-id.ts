/**
 * Primitive ids: one identity scheme for tools, resources and prompts whose
 * three id spaces cannot collide (gateway-surface §9.1-§9.3).
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { formatToolId, NAME_PATTERN, parseToolId, type ToolIdParts } from '../tool-id/tool-id.js';
import { sha256Hex } from '../util/digest.js';
import { compareCodePoints } from '../util/strings.js';

/**
 * The kinds written as a prefix: tools keep the bare §1 form.
 *
 * @see gateway-surface §9.1
 */
export const PRIMITIVE_KINDS = ['resource', 'prompt'] as const;

/**
 * A resource or a prompt.
 *
 * @see gateway-surface §9.1
 */
export type PrimitiveKind = (typeof PRIMITIVE_KINDS)[number];

/**
 * A parsed canonical primitive id: its kind and the §1.1 parts of its body.
 *
 * @see gateway-surface §9.1
 */
export interface PrimitiveIdParts {
  /** `resource` or `prompt`. */
  kind: PrimitiveKind;
  /** The body after `kind::`, a §1.1 tool id. */
  body: ToolIdParts;
}

/** The separator between the kind and the body; it cannot occur in a §1.1 tool id. */
const KIND_SEPARATOR = '::';

/** The longest id accepted: the kind, `::`, a 240-character body and a `~N` key. */
const PRIMITIVE_ID_MAX_LENGTH = 270;

function invalid(reason: string): GatewayError {
  return new GatewayError({
    code: 'TOOL_ID_INVALID',
    message: `malformed primitive id: ${reason}`,
    data: { reason },
  });
}

/**
 * Writes `kind::<tool_id>`; the body is checked by `formatToolId`, so a
 * malformed id can never be produced.
 *
 * @see gateway-surface §9.1
 */
export function formatPrimitiveId(parts: PrimitiveIdParts): string {
  if (!(PRIMITIVE_KINDS as readonly string[]).includes(parts.kind)) {
    throw invalid('kind is neither resource nor prompt');
  }
  return `${parts.kind}${KIND_SEPARATOR}${formatToolId(parts.body)}`;
}

/**
 * Splits a canonical primitive id; the inverse of {@link formatPrimitiveId}.
 * A `~N` collision key is not canonical (§9.3) and is refused like any other
 * malformed id: {@link GatewayError} `TOOL_ID_INVALID`.
 *
 * @see gateway-surface §9.1
 */
export function parsePrimitiveId(primitiveId: string): PrimitiveIdParts {
  if (typeof primitiveId !== 'string') throw invalid('not a string');
  const at = primitiveId.indexOf(KIND_SEPARATOR);
  if (at < 0) throw invalid('no "::" after the kind');
  const kind = primitiveId.slice(0, at);
  if (kind !== 'resource' && kind !== 'prompt')
    throw invalid('kind is neither resource nor prompt');
  return { kind, body: parseToolId(primitiveId.slice(at + KIND_SEPARATOR.length)) };
}

/**
 * The kind of a catalog key (a canonical id or one with a `~N` key), or
 * `undefined` for anything else. Cheap: no full parse.
 *
 * @see gateway-surface §9.1, §9.3
 */
export function primitiveKindOf(value: unknown): PrimitiveKind | undefined {
  if (typeof value !== 'string' || value.length > PRIMITIVE_ID_MAX_LENGTH) return undefined;
  for (const kind of PRIMITIVE_KINDS) {
    if (value.startsWith(`${kind}${KIND_SEPARATOR}`)) return kind;
  }
  return undefined;
}

/**
 * The §9.2 shape hash of a resource: over its canonical `uri`, with a domain
 * prefix (`resource`, then NUL) so it never aliases a tool's or a prompt's.
 *
 * @see gateway-surface §9.2
 */
export function resourceHash8(uri: string): string {
  return sha256Hex(`resource\u0000${uri}`).slice(0, 8);
}

/**
 * The §9.2 shape hash of a prompt: over its name and its argument names in
 * code-point order (descriptions and messages left out), domain-prefixed
 * with `prompt` and NUL.
 *
 * @see gateway-surface §9.2
 */
export function promptHash8(name: string, argumentNames: readonly string[]): string {
  const sorted = [...new Set(argumentNames)].sort(compareCodePoints);
  return sha256Hex(`prompt\u0000${name}\u0000${JSON.stringify(sorted)}`).slice(0, 8);
}

/**
 * A §1.1 name made of an upstream display name: characters outside the name
 * grammar become `_`, a leading character that may not start a name gets a
 * `_` before it, and the result is cut to 128 characters. The hash keeps ids
 * distinct when two names clean to one.
 *
 * @see gateway-surface §1.1, §9.1
 */
export function primitiveName(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_.-]/g, '_');
  const started = /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
  const name = started.slice(0, 128);
  return NAME_PATTERN.test(name) ? name : '_';
}

/**
 * Keys every id of a catalog uniquely (§9.3): the first occurrence (lowest
 * index) of an id keeps it bare, later ones become `id~2`, `id~3`, … in
 * index order. Deterministic for a given order, never for a reordered one.
 * The keys with `~N` are opaque catalog keys, not canonical ids.
 *
 * @see gateway-surface §9.3
 */
export function resolveCollisions(ids: readonly string[]): string[] {
  const counts = new Map<string, number>();
  const taken = new Set(ids);
  return ids.map((id) => {
    const count = (counts.get(id) ?? 0) + 1;
    counts.set(id, count);
    if (count === 1) return id;
    let suffix = count;
    while (taken.has(`${id}~${suffix}`)) suffix += 1;
    const key = `${id}~${suffix}`;
    taken.add(key);
    counts.set(id, suffix);
    return key;
  });
}

/**
 * Why `id` cannot be the id of a `kind` card in `namespace` (a catalog key
 * of that kind whose body's namespace is the card's), or `undefined`.
 *
 * @see gateway-surface §2.1, §9.1, §9.3
 */
export function primitiveCardProblem(
  id: string,
  kind: PrimitiveKind,
  namespace: string,
): string | undefined {
  if (primitiveKindOf(id) !== kind) return `the id of a ${kind} card starts with ${kind}::`;
  const canonical = id.replace(/~[0-9]+$/, '');
  try {
    if (parsePrimitiveId(canonical).body.namespace !== namespace) {
      return 'namespace differs from the id';
    }
  } catch {
    return `the id of a ${kind} card is a primitive id`;
  }
  return undefined;
}
