import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { callText, connectClient } from './helpers.js';
import { createLineReader, killFixture, spawnFixture, waitForExit } from './process-helpers.js';

describe('closeOnSignals', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    killFixture(child);
    child = undefined;
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`shuts a spawned HTTP server down on ${signal}: exit code 0, promptly, port closed`, async () => {
      child = spawnFixture('http-server.mjs');
      const url = new URL(await createLineReader(child).next());
      expect(url.hostname).toBe('127.0.0.1');
      const client = await connectClient(url);
      try {
        expect(await callText(client, 'ping')).toBe('pong');
        const started = performance.now();
        child.kill(signal);
        expect(await waitForExit(child, 5000)).toEqual({ code: 0, signal: null });
        expect(performance.now() - started).toBeLessThan(3000);
      } finally {
        await client.close();
      }
      await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    });
  }
});
