/**
 * Issue 20: `x-context-cache serve` over stdio exits when its stdin closes, before any message
 * and after a line above its 10 MiB bound, and leaves no process behind (the process table is
 * checked). Its tools never hang, so there is no call to be in the middle of.
 */

import { closeStdinIn, type StdinCloseServer } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, removeFolder, temporaryFolder } from './helpers.js';

let folder: string;
let server: StdinCloseServer;

beforeAll(async () => {
  folder = await temporaryFolder('x-context-cache-stdin-');
  server = {
    command: process.execPath,
    args: [CLI, 'serve', '--root', folder],
    upstreams: 0,
  };
});

afterAll(async () => {
  await removeFolder(folder);
});

describe('x-context-cache serve over stdio when its stdin closes', () => {
  for (const state of ['fresh', 'oversized-line'] as const) {
    it(`exits with status 0 and leaves no process (${state})`, async () => {
      const { exit, pids } = await closeStdinIn(state, server);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(pids).toEqual([]);
    });
  }
});
