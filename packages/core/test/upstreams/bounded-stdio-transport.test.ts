/**
 * Issue 31, finding 2: an upstream's answer reaches the request with its id and no other; a
 * late answer to a request we gave up on is dropped and reported, whatever its size.
 */
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedStdioClientTransport } from '../../src/upstreams/bounded-stdio-transport.js';
import { firstText, fixturePath } from './helpers.js';

const MiB = 1024 * 1024;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(lateBytes: number) {
  const client = new Client({ name: 'late-answer-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  const transport = new BoundedStdioClientTransport(
    {
      command: process.execPath,
      args: [fixturePath('late-answer-server.mjs'), String(lateBytes)],
      stderr: 'pipe',
    },
    MiB,
  );
  await client.connect(transport);
  clients.push(client);
  const stderr = transport.stderr;
  if (stderr === null) throw new Error('expected a stderr pipe');
  return { client, errors, slowReceived: once(stderr, 'data') };
}

describe('BoundedStdioClientTransport and answers to requests we gave up on', () => {
  it.each([
    ['above the bound', 2 * MiB, /RESULT_TOO_LARGE: .*answered no pending request and was dropped/],
    ['within the bound', 100, /an answer to id \d+, which awaits none, was dropped/],
  ])(
    'gives a pending call its own answer when a late answer %s arrives first',
    async (_size, lateBytes, report) => {
      const { client, errors, slowReceived } = await connect(lateBytes);
      const abandoned = new AbortController();
      const slow = client.callTool({ name: 'slow', arguments: {} }, { signal: abandoned.signal });
      await slowReceived;
      abandoned.abort();
      await expect(slow).rejects.toThrow();
      const quick = await client.callTool({ name: 'quick', arguments: {} });
      expect(firstText(quick)).toBe('quick');
      expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(report)]);
    },
  );
});
