/**
 * Issue 20: x-gateway over stdio exits, and its upstream processes end, when its stdin closes,
 * whatever state it is in; checked in the process table.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeStdinIn, type StdinCloseServer } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, CATALOG_SERVER, CLI } from './gateway-processes.js';

const filesystemServer = fileURLToPath(
  new URL('../node_modules/.bin/mcp-server-filesystem', import.meta.url),
);
let folder: string;
let server: StdinCloseServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-stdin-'));
  const catalog = join(folder, 'catalog.json');
  await writeFile(catalog, JSON.stringify(CATALOG));
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: { command: process.execPath, args: [CATALOG_SERVER, '--catalog', catalog] },
        files: { command: filesystemServer, args: [folder] },
      },
    }),
  );
  server = {
    command: process.execPath,
    args: [CLI, 'serve', '--config', config, '--quiet'],
    upstreams: 2,
    hangingUpstream: catalog,
    async startCall(peer) {
      const browse = await peer.request('tools/call', {
        name: 'tool_browse',
        arguments: { query: 'numbered work', top_k: 5 },
      });
      const found = browse.result?.structuredContent as
        | { cards: Array<{ id: string; name: string }> }
        | undefined;
      const work = found?.cards.find((card) => card.name === 'work');
      return peer.request('tools/call', {
        name: 'tool_execute',
        arguments: { tool_id: work?.id, args: { n: 1, __x_behaviour: 'hang' } },
      });
    },
  };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('x-gateway over stdio when its stdin closes', () => {
  for (const state of ['fresh', 'mid-call', 'oversized-line'] as const) {
    it(`exits and ends every upstream process (${state})`, async () => {
      const { exit, pids } = await closeStdinIn(state, server);
      expect(exit.signal).toBeNull();
      expect(pids.length).toBeGreaterThanOrEqual(2);
    });
  }
});
