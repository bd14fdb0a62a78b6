/**
 * The calls `tool_execute` overhead is measured on: a zero-latency echo of the `@x/core` catalog
 * server (the worst case: the gateway's fixed cost over almost nothing) and a real read of a
 * ~50 KB text file by the official filesystem server.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from '@x/core/catalog-server';
import { BenchError } from '../../errors.js';

/** The cases, in report order. */
export const EXECUTE_CASES = ['echo', 'file-read'] as const;
/** One case. */
export type ExecuteCaseName = (typeof EXECUTE_CASES)[number];

/** The upstream server and the call of one case. */
export interface ExecuteCaseSetup {
  readonly name: ExecuteCaseName;
  /** What the case stands for, for tables. */
  readonly label: string;
  /** The upstream's key in the gateway's `mcpServers`. */
  readonly server: string;
  /** How the upstream is spawned, by the direct client and by the gateway alike. */
  readonly upstream: { readonly command: string; readonly args: readonly string[] };
  /** The upstream tool and its arguments. */
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
  /** The arguments as reported: host paths replaced by `<tmp>`, so results are stable. */
  readonly shownArgs: Readonly<Record<string, string>>;
}

/** The size of the file the realistic case reads: well under the firewall threshold below. */
export const FILE_READ_BYTES = 50_000;

/**
 * The firewall threshold (`maxInlineTokens`) of the gateways in this benchmark: above the file's
 * bytes, so the whole file stays inline on every path (a cl100k_base token covers at least one
 * byte, so the gateway decides this without counting) and both paths return the same text.
 */
export const BENCH_MAX_INLINE_TOKENS = 65_536;

/**
 * The worst case: the first tool, in server and name order, whose schema requires only
 * properties any string satisfies (no format, pattern, length or enum), served by
 * `x-catalog-server`; it echoes its arguments at once.
 *
 * @throws {@link BenchError} `SETUP` when no tool qualifies.
 */
export function echoCase(catalog: Catalog, catalogPath: string): ExecuteCaseSetup {
  const catalogServerBin = fileURLToPath(
    new URL('./bin.js', import.meta.resolve('@x/core/catalog-server')),
  );
  const ordered = [...catalog].sort(
    (left, right) =>
      compareText(left.server ?? '', right.server ?? '') || compareText(left.name, right.name),
  );
  for (const tool of ordered) {
    const schema = tool.inputSchema as
      | { properties?: Record<string, Record<string, unknown>>; required?: unknown }
      | undefined;
    const required = Array.isArray(schema?.required) ? (schema.required as unknown[]) : [];
    if (required.length === 0 || schema?.properties === undefined) continue;
    const strings = required.every(
      (name) => typeof name === 'string' && isPlainString(schema.properties?.[name]),
    );
    if (!strings) continue;
    const server = tool.server ?? 'tools';
    const args = Object.fromEntries(required.map((name) => [name as string, 'benchmark']));
    return {
      name: 'echo',
      label: 'worst case: zero-latency echo',
      server,
      upstream: {
        command: process.execPath,
        args: [catalogServerBin, '--catalog', catalogPath, '--server', server, '--page-size', '0'],
      },
      tool: tool.name,
      args,
      shownArgs: args,
    };
  }
  throw new BenchError({ code: 'SETUP', message: 'no tool with string-only required arguments' });
}

/**
 * The realistic case: `read_text_file` of the official filesystem server on a file of
 * {@link FILE_READ_BYTES} bytes written into `folder` (real text: the catalog's tool
 * descriptions, one per line, in catalog order), with `folder` as the server's one allowed
 * directory.
 */
export async function fileReadCase(catalog: Catalog, folder: string): Promise<ExecuteCaseSetup> {
  const path = join(folder, 'tool-descriptions.txt');
  await writeFile(path, descriptionText(catalog, FILE_READ_BYTES));
  return {
    name: 'file-read',
    label: `realistic: read_text_file of a ${Math.round(FILE_READ_BYTES / 1_000)} KB file (official filesystem server)`,
    server: 'files',
    upstream: { command: process.execPath, args: [filesystemServerBin(), folder] },
    tool: 'read_text_file',
    args: { path },
    shownArgs: { path: '<tmp>/tool-descriptions.txt' },
  };
}

/** Lines `<server>/<name>: <description>`, repeated in order until exactly `bytes` ASCII bytes. */
function descriptionText(catalog: Catalog, bytes: number): string {
  const lines = catalog.map(
    (tool) => `${tool.server ?? 'tools'}/${tool.name}: ${tool.description ?? ''}`,
  );
  // biome-ignore lint/suspicious/noControlCharactersInRegex: keeps the file plain ASCII text
  const ascii = lines.join('\n').replace(/[^\x09\x0a\x20-\x7e]/g, ' ');
  if (ascii.length === 0) {
    throw new BenchError({ code: 'SETUP', message: 'the catalog has no text to write' });
  }
  return `${ascii}\n`.repeat(Math.ceil(bytes / (ascii.length + 1))).slice(0, bytes);
}

/** The script of the `mcp-server-filesystem` bin of bench's dev dependency. */
function filesystemServerBin(): string {
  const manifestUrl = import.meta.resolve('@modelcontextprotocol/server-filesystem/package.json');
  const manifest = JSON.parse(readFileSync(fileURLToPath(manifestUrl), 'utf8')) as {
    bin?: Record<string, string>;
  };
  const bin = manifest.bin?.['mcp-server-filesystem'];
  if (bin === undefined) {
    throw new BenchError({ code: 'SETUP', message: 'server-filesystem declares no bin' });
  }
  return fileURLToPath(new URL(bin, manifestUrl));
}

/** A property schema any string satisfies: `type: "string"` and nothing but prose beside it. */
function isPlainString(property: Record<string, unknown> | undefined): boolean {
  if (property?.type !== 'string') return false;
  return Object.keys(property).every((key) => ['type', 'description', 'title'].includes(key));
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
