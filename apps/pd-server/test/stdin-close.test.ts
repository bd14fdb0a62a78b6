/**
 * Issue 20: x-pd (wrap and demo) over stdio exits, and its upstream processes end, when its
 * stdin closes, whatever state it is in; checked in the process table.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeStdinIn, type StdinCloseServer } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogUpstream } from './fault-helpers.js';
import { BIN, CLI } from './process-helpers.js';

/** Longer than any test: the hanging call must still be in flight when stdin closes. */
const NEVER_MS = 600_000;
let folder: string;
let wrap: StdinCloseServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-pd-stdin-'));
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: await catalogUpstream(folder, 'jobs', NEVER_MS),
        files: { command: join(BIN, 'mcp-server-filesystem'), args: [folder] },
      },
    }),
  );
  wrap = {
    command: process.execPath,
    args: [CLI, 'wrap', '--config', config],
    upstreams: 0,
    hangingUpstream: join(folder, 'jobs-catalog.json'),
    async startCall(peer) {
      await peer.request('resources/read', {
        uri: 'resource:///tool_descriptions?tools=jobs__work',
      });
      return peer.request('tools/call', {
        name: 'jobs__work',
        arguments: { n: 1, __x_behaviour: 'hang' },
      });
    },
  };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('x-pd over stdio when its stdin closes', () => {
  for (const state of ['fresh', 'mid-call', 'oversized-line'] as const) {
    it(`wrap exits and ends every upstream process (${state})`, async () => {
      const { exit, pids } = await closeStdinIn(state, wrap);
      expect(exit.signal).toBeNull();
      if (state !== 'fresh') expect(pids.length).toBeGreaterThanOrEqual(2);
    });
  }

  it('demo exits when stdin closes after a line above its bound', async () => {
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
