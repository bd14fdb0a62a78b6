/**
 * MCP tool names for catalog entries: keep valid names, sanitize the rest, never collide.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CoreError } from '../errors.js';
import type { Catalog, CatalogTool } from './catalog.js';

/**
 * The MCP tool naming rule this project enforces: 1 to 64 characters of `A-Z a-z 0-9 _ - . /`.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names
 */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_./-]{1,64}$/;

/** The longest tool name {@link TOOL_NAME_PATTERN} allows. */
const MAX_TOOL_NAME_LENGTH = 64;
/** Runs of characters the naming rule forbids. */
const FORBIDDEN_RUN = /[^A-Za-z0-9_./-]+/g;
/** Combining marks left behind by NFKD normalization (the accent of `é`). */
const COMBINING_MARKS = /\p{M}/gu;
/** Hex digits of the raw name's SHA-256 appended when sanitizing loses the name's identity. */
const HASH_LENGTH = 8;

/** True when `name` passes {@link TOOL_NAME_PATTERN}. */
export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, HASH_LENGTH);
}

/**
 * Maps any string to a name that passes {@link TOOL_NAME_PATTERN}, deterministically.
 *
 * A valid name comes back unchanged. Otherwise: NFKD-normalize and drop combining marks
 * (`café` -> `cafe`), replace each run of forbidden characters by one `_`; when that leaves no
 * letter or digit the result is `tool_<hash>`, and when it is longer than 64 characters it is
 * cut to 55 and `_<hash>` is appended, where `<hash>` is the first 8 hex digits of the raw
 * name's SHA-256. Different inputs can still meet (`a b` and `a_b`): {@link assignToolNames}
 * resolves that with suffixes.
 */
export function sanitizeToolName(name: string): string {
  if (isValidToolName(name)) return name;
  const replaced = name.normalize('NFKD').replace(COMBINING_MARKS, '').replace(FORBIDDEN_RUN, '_');
  if (!/[A-Za-z0-9]/.test(replaced)) return `tool_${shortHash(name)}`;
  if (replaced.length > MAX_TOOL_NAME_LENGTH) {
    return `${replaced.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1)}_${shortHash(name)}`;
  }
  return replaced;
}

/** What to do when two catalog entries would get the same tool name before sanitizing. */
export const DuplicateNamePolicySchema = z.enum({
  /** Throw a `CONFIG_INVALID` error naming both entries (the default). */
  error: 'error',
  /** Serve the first entry and drop the later ones. */
  'keep-first': 'keep-first',
});

/** What to do when two catalog entries would get the same tool name; see {@link DuplicateNamePolicySchema}. */
export type DuplicateNamePolicy = z.infer<typeof DuplicateNamePolicySchema>;

/** Options of {@link assignToolNames}. */
export interface ToolNamingOptions {
  /** Name each tool `<server>__<name>` (entries without `server` keep their name). Default false. */
  prefixServer?: boolean;
  /** `error` (default) throws on a repeated name; `keep-first` serves the first entry only. */
  duplicates?: DuplicateNamePolicy;
}

/** A catalog entry with the MCP tool name it is served under. */
export interface NamedCatalogTool {
  /** The tool name on the wire; passes {@link TOOL_NAME_PATTERN}. */
  name: string;
  /** The entry's position in the catalog. */
  index: number;
  /** The catalog entry itself. */
  entry: CatalogTool;
}

/** The name an entry asks for, before sanitizing. */
function requestedName(entry: CatalogTool, prefixServer: boolean): string {
  return prefixServer && entry.server !== undefined ? `${entry.server}__${entry.name}` : entry.name;
}

/** Appends `_2`, `_3`, ... to `base` (cut so the whole fits 64 characters) until the name is free. */
function firstFreeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter += 1) {
    const suffix = `_${counter}`;
    const candidate = `${base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Gives every catalog entry a distinct MCP tool name, in catalog order.
 *
 * Requested names (`name`, or `<server>__<name>` with `prefixServer`) that are valid are kept
 * as they are, and take precedence; invalid ones go through {@link sanitizeToolName}, and a
 * sanitized name that is already taken gets the first free suffix `_2`, `_3`, ... in catalog
 * order. The result is injective and depends only on the catalog and the options, so a
 * benchmark can map wire names back to entries by calling this function itself.
 *
 * @throws CoreError `CONFIG_INVALID` when two entries request the same name and `duplicates`
 *   is `error`; the message names both entries.
 */
export function assignToolNames(
  catalog: Catalog,
  options: ToolNamingOptions = {},
): NamedCatalogTool[] {
  const prefixServer = options.prefixServer ?? false;
  const duplicates = options.duplicates ?? 'error';
  const firstIndexByName = new Map<string, number>();
  const kept: Array<{ index: number; entry: CatalogTool; requested: string }> = [];
  catalog.forEach((entry, index) => {
    const requested = requestedName(entry, prefixServer);
    const firstIndex = firstIndexByName.get(requested);
    if (firstIndex === undefined) {
      firstIndexByName.set(requested, index);
      kept.push({ index, entry, requested });
      return;
    }
    if (duplicates === 'keep-first') return;
    const servers = [catalog[firstIndex]?.server, entry.server].map((server) => server ?? '(none)');
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message:
        `catalog entries ${firstIndex} and ${index} both want the tool name ${JSON.stringify(requested.slice(0, 80))} ` +
        `(servers ${servers.join(', ')}); prefix names with their server (prefixServer, --prefix-server) ` +
        `or keep the first (duplicates: 'keep-first', --duplicates keep-first)`,
      data: { name: requested, indexes: [firstIndex, index] },
    });
  });
  const taken = new Set(kept.map((item) => item.requested).filter(isValidToolName));
  return kept.map(({ index, entry, requested }) => {
    if (isValidToolName(requested)) return { name: requested, index, entry };
    const name = firstFreeName(sanitizeToolName(requested), taken);
    taken.add(name);
    return { name, index, entry };
  });
}
