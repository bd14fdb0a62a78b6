/**
 * Issue 31, findings 3 and 4, end to end: `x-pd demo` over stdio answers a request with
 * malformed params and a request line above its 10 MiB bound with an error to each one's id,
 * and goes on serving, in both protocol eras.
 */

import { type StdioPeer, spawnStdioPeer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI } from './process-helpers.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'stdio-peer', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const peers: StdioPeer[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) {
    peer.closeStdin();
    await peer.exited;
  }
});

const ERAS = {
  '2025-11-25': { meta: {}, open: (peer: StdioPeer) => peer.initialize() },
  '2026-07-28': {
    meta: MODERN_META,
    open: (peer: StdioPeer) => peer.request('tools/list', { _meta: MODERN_META }),
  },
};

for (const [era, { meta, open }] of Object.entries(ERAS)) {
  describe(`x-pd demo over stdio and hostile input (${era})`, () => {
    it('answers malformed params and an oversized request line to their ids and keeps serving', async () => {
      const peer = spawnStdioPeer(process.execPath, [CLI, 'demo']);
      peers.push(peer);
      expect((await open(peer)).result).toBeDefined();

      for (const [id, params, code] of [
        ['string', 'x', -32_600],
        ['array', [1], -32_602],
        ['token', { _meta: { ...meta, progressToken: {} } }, -32_602],
      ] as const) {
        const answer = peer.answerTo(id);
        peer.sendLine(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params }));
        expect(await answer).toMatchObject({ id, error: { code } });
      }

      const big = peer.answerTo('big');
      peer.sendLine(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'big',
          method: 'tools/list',
          params: { _meta: meta, pad: 'z'.repeat(11 * 1024 * 1024) },
        }),
      );
      expect(await big).toMatchObject({
        id: 'big',
        error: { code: -32_600, data: { reason: 'REQUEST_TOO_LARGE' } },
      });

      const listed = await peer.request('tools/list', { _meta: meta });
      expect(listed.result?.tools).toEqual(expect.any(Array));
    });
  });
}
