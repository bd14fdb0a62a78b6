/**
 * The `tool_descriptions` resource URI: its constants, and the parser of `?tools=a,b`.
 *
 * @see progressive-disclosure §4.1, §4.3
 * @module
 */

/** The URI of the `tool_descriptions` resource, as listed in `resources/list` (§4.1). */
export const TOOL_DESCRIPTIONS_URI = 'resource:///tool_descriptions';

/** The RFC 6570 template of the resource, as listed in `resources/templates/list` (§4.3). */
export const TOOL_DESCRIPTIONS_URI_TEMPLATE = `${TOOL_DESCRIPTIONS_URI}{?tools}`;

/** The name of the resource: the spec names it `tool_descriptions` (§3.2). */
export const TOOL_DESCRIPTIONS_RESOURCE_NAME = 'tool_descriptions';

/** Limits the parser enforces on one read. */
export interface ToolSelectionLimits {
  /** The most distinct tool names one read may name. */
  maxTools: number;
  /** The longest tool name accepted, in UTF-16 code units. */
  maxNameLength: number;
}

/**
 * What a `resources/read` URI asks of the `tool_descriptions` resource.
 *
 * - `other`: the URI is not this resource (another resource of the server, or none).
 * - `missing`: no `tools` parameter, or one that names no tool (§6.1).
 * - `too-many`: more distinct names than {@link ToolSelectionLimits.maxTools}.
 * - `name-too-long`: a name longer than {@link ToolSelectionLimits.maxNameLength}.
 * - `selected`: the distinct names, in order of first appearance.
 */
export type ToolSelection =
  | {
      /** Not this resource. */
      kind: 'other';
    }
  | {
      /** No tool named. */
      kind: 'missing';
    }
  | {
      /** Too many distinct names. */
      kind: 'too-many';
      /** How many distinct names the URI had. */
      count: number;
    }
  | {
      /** A name too long to be a tool's. */
      kind: 'name-too-long';
      /** The length of that name. */
      length: number;
    }
  | {
      /** A selection to answer. */
      kind: 'selected';
      /** The distinct names, in order of first appearance. */
      names: string[];
    };

/**
 * Parses a `resources/read` URI against the `tool_descriptions` resource.
 *
 * The URI must start with exactly {@link TOOL_DESCRIPTIONS_URI}, followed by its end, a query or a
 * fragment; anything else (another path, `..` segments, another scheme) is `other`. The query is
 * decoded as `application/x-www-form-urlencoded` (`%2F` is `/`; a literal `+` is a space, which
 * no tool name contains). Every `tools` parameter counts, each split on `,` after decoding (so an
 * encoded `%2C` separates too, as clients that encode the whole value send it); names are trimmed,
 * empty ones dropped, repeats kept once. Other parameters and a fragment are ignored: they select
 * nothing. Never throws: malformed escapes stay as they are and simply name no known tool.
 *
 * @see progressive-disclosure §4.3
 */
export function parseToolDescriptionsUri(uri: string, limits: ToolSelectionLimits): ToolSelection {
  if (!uri.startsWith(TOOL_DESCRIPTIONS_URI)) return { kind: 'other' };
  const rest = uri.slice(TOOL_DESCRIPTIONS_URI.length);
  if (rest !== '' && !rest.startsWith('?') && !rest.startsWith('#')) return { kind: 'other' };
  const fragment = rest.indexOf('#');
  const query = (fragment === -1 ? rest : rest.slice(0, fragment)).slice(1);
  const values = new URLSearchParams(query).getAll('tools');
  const names = new Set<string>();
  for (const value of values) {
    for (const part of value.split(',')) {
      const name = part.trim();
      if (name === '') continue;
      if (name.length > limits.maxNameLength) return { kind: 'name-too-long', length: name.length };
      names.add(name);
    }
  }
  if (names.size === 0) return { kind: 'missing' };
  if (names.size > limits.maxTools) return { kind: 'too-many', count: names.size };
  return { kind: 'selected', names: [...names] };
}

/**
 * Builds the URI that reads the descriptions of `names`, e.g.
 * `resource:///tool_descriptions?tools=read_file,write_file`.
 *
 * Each name is percent-encoded except `/` (legal in a query and in MCP tool names). For names
 * without `,` (MCP tool names never have one) and without surrounding spaces,
 * `parseToolDescriptionsUri(formatToolDescriptionsUri(names))` gives back the distinct names.
 *
 * @see progressive-disclosure §4.3
 */
export function formatToolDescriptionsUri(names: readonly string[]): string {
  const encoded = names.map((name) => encodeURIComponent(name).replaceAll('%2F', '/'));
  return `${TOOL_DESCRIPTIONS_URI}?tools=${encoded.join(',')}`;
}
