/**
 * The three official MCP reference servers (everything, filesystem, memory) as an `mcpServers`
 * configuration, started from `bench/node_modules/.bin` (never downloaded at run time).
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type McpServersConfig, parseMcpServersConfig } from '@x/core/upstreams';
import { BenchError } from '../errors.js';

/** The servers, in configuration order, with the bin each one runs. */
export const OFFICIAL_SERVERS = [
  { name: 'everything', bin: 'mcp-server-everything' },
  { name: 'filesystem', bin: 'mcp-server-filesystem' },
  { name: 'memory', bin: 'mcp-server-memory' },
] as const;

/** The official servers' configuration and the temporary folder their state lives in. */
export interface OfficialServers {
  /** Everything, filesystem (an empty sandbox folder) and memory (a fresh memory file). */
  readonly config: McpServersConfig;
  /** Removes the temporary folder; close every connection first. */
  close(): Promise<void>;
}

/**
 * Prepares the configuration: a temporary folder with the filesystem server's sandbox and the
 * memory server's file, and the bins of `bench/node_modules/.bin`.
 *
 * @throws {@link BenchError} `SETUP` when a bin is missing (run `pnpm install`).
 */
export async function prepareOfficialServers(repositoryRoot: string): Promise<OfficialServers> {
  const bins = join(repositoryRoot, 'bench', 'node_modules', '.bin');
  const command = (bin: string): string => {
    const path = join(bins, bin);
    if (!existsSync(path)) {
      throw new BenchError({
        code: 'SETUP',
        message: `missing ${path}: run pnpm install (the official servers are devDependencies of @x/bench)`,
      });
    }
    return path;
  };
  const commands = OFFICIAL_SERVERS.map((server) => command(server.bin));
  const folder = await mkdtemp(join(tmpdir(), 'x-bench-official-'));
  const sandbox = join(folder, 'sandbox');
  await mkdir(sandbox);
  const config = parseMcpServersConfig(
    {
      mcpServers: {
        everything: { command: commands[0] },
        filesystem: { command: commands[1], args: [sandbox] },
        memory: { command: commands[2], env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') } },
      },
    },
    'the official servers',
  );
  return {
    config,
    close: () => rm(folder, { recursive: true, force: true }),
  };
}
