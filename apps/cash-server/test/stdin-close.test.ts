/**
 * Issue 20: x-cash (aggregate and demo) over stdio exits, and its upstream processes end, when
 * its stdin closes, whatever state it is in; checked in the process table.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeStdinIn, type StdinCloseServer } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, CLI } from './helpers.js';

const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);
const CATALOG = [
  {
    name: 'work',
    description: 'Does some numbered work and reports it.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
];
let folder: string;
let aggregate: StdinCloseServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-cash-stdin-'));
  const catalog = join(folder, 'jobs-catalog.json');
  await writeFile(catalog, JSON.stringify(CATALOG));
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: {
          command: process.execPath,
          args: [CATALOG_SERVER, '--catalog', catalog],
          timeoutMs: 600_000,
        },
        files: { command: join(BIN, 'mcp-server-filesystem'), args: [folder] },
      },
    }),
  );
  aggregate = {
    command: process.execPath,
    args: [CLI, 'aggregate', '--config', config],
    upstreams: 2,
    hangingUpstream: catalog,
    startCall: (peer) =>
      peer.request('tools/call', {
        name: 'call',
        arguments: { namespace: 'jobs', function: 'work', kwargs: { n: 1, __x_behaviour: 'hang' } },
      }),
  };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('x-cash over stdio when its stdin closes', () => {
  for (const state of ['fresh', 'mid-call', 'oversized-line'] as const) {
    it(`aggregate exits and ends every upstream process (${state})`, async () => {
      const { exit, pids } = await closeStdinIn(state, aggregate);
      expect(exit.signal).toBeNull();
      expect(pids.length).toBeGreaterThanOrEqual(2);
    });
  }

  it('demo exits after a line above its bound closes the connection', async () => {
    const { exit } = await closeStdinIn('oversized-line', {
      command: process.execPath,
      args: [CLI, 'demo'],
      upstreams: 0,
      hangingUpstream: '',
      startCall: async () => undefined,
    });
    expect(exit.signal).toBeNull();
  });
});
