/**
 * How an upstream tool gets its `tool_id`: namespace, name and version
 * derivation, and the collision check over a catalog.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { sha256Hex } from '../util/digest.js';
import { formatToolId, NAMESPACE_PATTERN, type ToolIdParts, VERSION_PATTERN } from './tool-id.js';
import { hash8 } from './tool-id-hash.js';

/**
 * The part of an MCP `Tool` the id depends on.
 *
 * @see gateway-surface §1.2
 */
export interface UpstreamToolIdentity {
  /** The name as the upstream reports it. */
  name: string;
  /** The upstream's input schema (only its shape counts, §1.3). */
  inputSchema?: unknown;
  /** The upstream's metadata; a string `version` in it is the declared version. */
  _meta?: unknown;
}

/**
 * What {@link deriveToolId} takes besides the tool.
 *
 * @see gateway-surface §1.2
 */
export interface DeriveToolIdOptions {
  /**
   * The namespace to use instead of inferring one from the tool name (the
   * upstream's `server_name`, e.g. its key in `mcpServers`); it is normalized
   * with {@link normalizeNamespace} and the name is kept verbatim.
   */
  namespace?: string;
  /** A version to use instead of `_meta.version`; it must fit the version grammar. */
  version?: string;
}

/**
 * Which §1.4 rule produced the namespace and name.
 *
 * - `dot` / `slash`: the prefix before the first `.` / `/` is the namespace and is dropped from the name.
 * - `underscore`: a name of three or more `_` segments; the first is the namespace, the name is kept whole.
 * - `fallback`: no prefix inferred; namespace `mcp`, the name kept whole.
 * - `configured`: the namespace was given; the name is kept whole.
 *
 * @see gateway-surface §1.4
 */
export type NameDerivation = 'dot' | 'slash' | 'underscore' | 'fallback' | 'configured';

/**
 * A derived id and what the runtime needs to dispatch it back upstream.
 *
 * @see gateway-surface §1.4, §4.6
 */
export interface DerivedToolId {
  /** The canonical `tool_id`. */
  toolId: string;
  /** Its parts. */
  parts: ToolIdParts;
  /** The upstream's own name, the one to call it by. */
  upstreamName: string;
  /** The rule that applied. */
  derivation: NameDerivation;
}

const FALLBACK_NAMESPACE = 'mcp';
const NAME_MAX_LENGTH = 128;

/**
 * Turns a server name into a namespace of the §1.1 grammar, deterministically.
 *
 * Lower-cases ASCII letters, turns each run of other characters into `-`,
 * trims `-` and `_` from both ends, prefixes `n` when the result starts with a
 * digit and cuts it to 64 characters (`"Ant Design Components"` →
 * `ant-design-components`, `"12306-mcp"` → `n12306-mcp`). A name with nothing
 * usable (`"天气"`) becomes `n` and 8 hex characters of its SHA-256.
 *
 * @see gateway-surface §1.2, §3.2 (adapters lower-case namespaces)
 */
export function normalizeNamespace(serverName: string): string {
  const cleaned = asciiLowerCase(String(serverName))
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  if (cleaned === '') {
    return `n${sha256Hex(String(serverName)).slice(0, 8)}`;
  }
  const prefixed = /^[0-9]/.test(cleaned) ? `n${cleaned}` : cleaned;
  return prefixed.slice(0, 64).replace(/[-_]+$/, '');
}

/**
 * Fits an upstream name to the name grammar: verbatim when it already fits,
 * otherwise each character outside `[A-Za-z0-9_.-]` becomes `_`, a leading
 * digit, `.` or `-` gets a `_` in front, and the result is cut to 128
 * characters. The hash (over the untouched upstream name) keeps such ids
 * distinct; with a declared version instead of a hash, a clash is reported by
 * {@link createToolIdIndex}.
 */
function toNameGrammar(upstreamName: string): string {
  const replaced = upstreamName.replace(/[^A-Za-z0-9_.-]/gu, '_');
  const started = /^[A-Za-z_]/.test(replaced) ? replaced : `_${replaced}`;
  return started.slice(0, NAME_MAX_LENGTH);
}

function declaredVersion(
  tool: UpstreamToolIdentity,
  options: DeriveToolIdOptions,
): string | undefined {
  if (options.version !== undefined) {
    if (!VERSION_PATTERN.test(options.version)) {
      throw new GatewayError({
        code: 'TOOL_ID_INVALID',
        message: 'the given version breaks the version grammar',
        data: { reason: 'version breaks the grammar', field: 'version' },
      });
    }
    return options.version;
  }
  const meta = tool._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const version = (meta as Record<string, unknown>).version;
  return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : undefined;
}

interface InferredParts {
  derivation: NameDerivation;
  namespace: string;
  name: string;
}

/** Lower-cases ASCII letters only, so no locale or Unicode rule can turn a character into ASCII. */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

function inferNamespace(upstreamName: string): InferredParts {
  const separatorAt = upstreamName.search(/[./]/);
  if (separatorAt > 0) {
    const namespace = asciiLowerCase(upstreamName.slice(0, separatorAt));
    const rest = upstreamName.slice(separatorAt + 1);
    if (NAMESPACE_PATTERN.test(namespace) && rest !== '') {
      const derivation = upstreamName[separatorAt] === '.' ? 'dot' : 'slash';
      return { derivation, namespace, name: toNameGrammar(rest) };
    }
  }
  const segments = upstreamName.split('_');
  const first = asciiLowerCase(segments[0] ?? '');
  if (segments.length >= 3 && NAMESPACE_PATTERN.test(first)) {
    return { derivation: 'underscore', namespace: first, name: toNameGrammar(upstreamName) };
  }
  return {
    derivation: 'fallback',
    namespace: FALLBACK_NAMESPACE,
    name: toNameGrammar(upstreamName),
  };
}

/**
 * Derives the canonical `tool_id` of an upstream tool.
 *
 * The namespace is the configured one, or else inferred from the name by the
 * §1.4 rule (`.`/`/` first, then three or more `_` segments, then `mcp`); an
 * inferred prefix is lower-cased and must fit the namespace grammar, or the
 * next rule applies. The version is `options.version` or a string
 * `_meta.version` that fits the grammar (one that does not is ignored). Without
 * a version the id always carries `hash8` (§1.3), so the legacy bare
 * `mcp:{name}` form of §1.7 is never produced. Throws {@link GatewayError}
 * `SCHEMA_INVALID` when the schema cannot be hashed.
 *
 * @see gateway-surface §1.2, §1.3, §1.4, §1.7
 */
export function deriveToolId(
  tool: UpstreamToolIdentity,
  options: DeriveToolIdOptions = {},
): DerivedToolId {
  const upstreamName = tool.name;
  if (typeof upstreamName !== 'string' || upstreamName === '') {
    throw new GatewayError({
      code: 'TOOL_ID_INVALID',
      message: 'an upstream tool has no name',
      data: { reason: 'empty upstream name', field: 'name' },
    });
  }
  const inferred: InferredParts =
    options.namespace === undefined
      ? inferNamespace(upstreamName)
      : {
          derivation: 'configured',
          namespace: normalizeNamespace(options.namespace),
          name: toNameGrammar(upstreamName),
        };
  const version = declaredVersion(tool, options);
  const parts: ToolIdParts = { namespace: inferred.namespace, name: inferred.name };
  if (version === undefined) parts.hash8 = hash8(upstreamName, tool.inputSchema ?? {});
  else parts.version = version;
  return { toolId: formatToolId(parts), parts, upstreamName, derivation: inferred.derivation };
}

/**
 * What {@link createToolIdIndex} indexes: an id and the upstream name it came from.
 *
 * @see gateway-surface §1.5
 */
export interface ToolIdIndexEntry {
  /** The canonical `tool_id`. */
  toolId: string;
  /** The upstream name, named in a collision error. */
  upstreamName: string;
}

/**
 * Indexes derived ids by `tool_id`, refusing duplicates.
 *
 * Two entries with the same id throw {@link GatewayError} `TOOL_ID_COLLISION`
 * naming both upstream names, never a silent pick. Iteration follows the input order.
 *
 * @see gateway-surface §1.5, §4.6
 */
export function createToolIdIndex<Entry extends ToolIdIndexEntry>(
  entries: Iterable<Entry>,
): ReadonlyMap<string, Entry> {
  const index = new Map<string, Entry>();
  for (const entry of entries) {
    const existing = index.get(entry.toolId);
    if (existing !== undefined) {
      throw new GatewayError({
        code: 'TOOL_ID_COLLISION',
        message: `upstream tools "${existing.upstreamName}" and "${entry.upstreamName}" both resolve to ${entry.toolId}`,
        data: { toolId: entry.toolId, upstreamNames: [existing.upstreamName, entry.upstreamName] },
      });
    }
    index.set(entry.toolId, entry);
  }
  return index;
}
