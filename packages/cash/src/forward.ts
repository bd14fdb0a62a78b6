/**
 * Helpers for answers forwarded from a mounted CaSH upstream: its namespace paths are
 * relative to the mount, so references in its texts get the mount's path in front.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ListingEntry } from './help/views.js';

const KEYWORD_REFERENCE = /\bnamespace(\s*=\s*)(["'])([A-Za-z0-9_.]*)\2/g;
const JSON_REFERENCE = /"namespace"(\s*:\s*)"([A-Za-z0-9_.]*)"/g;

function join(prefix: string, namespace: string): string {
  return namespace === '' ? prefix : `${prefix}.${namespace}`;
}

/**
 * Puts `prefix` in front of every namespace reference of a text: `namespace="orders"` (or with
 * single quotes) and JSON's `"namespace": "orders"`. An empty reference becomes `prefix`.
 *
 * Law: with an empty prefix the text is unchanged; references elsewhere in the text are untouched.
 */
export function prefixNamespaceReferences(text: string, prefix: string): string {
  if (prefix === '') return text;
  return text
    .replace(
      KEYWORD_REFERENCE,
      (_match, separator: string, quote: string, namespace: string) =>
        `namespace${separator}${quote}${join(prefix, namespace)}${quote}`,
    )
    .replace(
      JSON_REFERENCE,
      (_match, separator: string, namespace: string) =>
        `"namespace"${separator}"${join(prefix, namespace)}"`,
    );
}

/** A forwarded result with its namespace references prefixed (texts and `structuredContent`). */
export function rewriteForwarded(result: CallToolResult, prefix: string): CallToolResult {
  const content = result.content.map((block) =>
    block.type === 'text'
      ? { ...block, text: prefixNamespaceReferences(block.text, prefix) }
      : block,
  );
  const structured = result.structuredContent;
  if (structured === undefined) return { ...result, content };
  const rewritten: Record<string, unknown> = { ...structured };
  if (typeof rewritten.namespace === 'string')
    rewritten.namespace = join(prefix, rewritten.namespace);
  if (typeof rewritten.help === 'string')
    rewritten.help = prefixNamespaceReferences(rewritten.help, prefix);
  return { ...result, content, structuredContent: rewritten };
}

/** The text of a result's text blocks, joined by newlines. */
export function resultText(result: CallToolResult): string {
  return result.content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

function listingEntries(value: unknown): ListingEntry[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const entries: ListingEntry[] = [];
  for (const item of value) {
    const entry = item as { name?: unknown; description?: unknown; available?: unknown };
    if (typeof entry?.name !== 'string' || typeof entry.description !== 'string') return undefined;
    entries.push(
      entry.available === false
        ? { name: entry.name, description: entry.description, available: false }
        : { name: entry.name, description: entry.description },
    );
  }
  return entries;
}

/**
 * Reads a forwarded JSON listing (`{namespaces: [...], functions: [...]}`, as this package's
 * `help(format="json")` writes it); `undefined` when the upstream answered something else.
 */
export function parseForwardedListing(
  result: CallToolResult,
): { namespaces: ListingEntry[]; functions: ListingEntry[] } | undefined {
  if (result.isError === true) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(resultText(result));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as { namespaces?: unknown; functions?: unknown };
  const namespaces = listingEntries(record.namespaces);
  const functions = listingEntries(record.functions);
  if (namespaces === undefined || functions === undefined) return undefined;
  return { namespaces, functions };
}
