/**
 * Issue 20: `x-catalog-server` over stdio exits when its stdin closes, before any message,
 * after a line above its 10 MiB bound, and in the middle of a call that never ends; it starts
 * no process of its own, and none is left (the process table is checked).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeStdinIn, type StdinCloseServer, spawnStdioPeer } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { TOOLS_CATALOG } from './fixtures.js';

const BIN = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/catalog-server/bin.js');
const server: StdinCloseServer = {
  command: process.execPath,
  args: [BIN, '--catalog', TOOLS_CATALOG],
  upstreams: 0,
};

describe('x-catalog-server over stdio when its stdin closes', () => {
  for (const state of ['fresh', 'oversized-line'] as const) {
    it(`exits with status 0 and leaves no process (${state})`, async () => {
      const { exit, pids } = await closeStdinIn(state, server);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(pids).toEqual([]);
    });
  }

  it('exits with status 0 in the middle of a call that never ends', async () => {
    const peer = spawnStdioPeer(server.command, server.args);
    try {
      await peer.initialize();
      void peer.request('tools/call', {
        name: 'analyzeEvidence',
        arguments: { evidence_type: 'DNA', method: 'PCR', sample: 'swab', __x_behaviour: 'hang' },
      });
      // Messages are read in order: once the ping after it is answered, the call is under way.
      expect(await peer.request('ping')).toMatchObject({ result: {} });
      peer.closeStdin();
      expect(await peer.exited).toEqual({ code: 0, signal: null });
    } finally {
      peer.child.kill('SIGKILL');
    }
  });
});
