/**
 * The stdio upstream transport writes the requests sent in one round of the event loop to the
 * child's stdin together (one `writev`), in order, and every request still gets its own answer.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedStdioClientTransport } from '../../src/upstreams/bounded-stdio-transport.js';
import { firstText, fixturePath } from './helpers.js';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** Counts the system-level writes the child's stdin makes from now on (`_write` and `_writev`). */
function countWrites(stdin: NonNullable<ChildProcess['stdin']>): { writes: number } {
  const counts = { writes: 0 };
  const stream = stdin as typeof stdin & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  const write = stream._write.bind(stream);
  const writev = stream._writev.bind(stream);
  stream._write = (...args) => {
    counts.writes += 1;
    write(...args);
  };
  stream._writev = (...args) => {
    counts.writes += 1;
    writev(...args);
  };
  return counts;
}

describe('BoundedStdioClientTransport writes', () => {
  it('sends the requests of one tick in one write and answers each with its own result', async () => {
    const transport = new BoundedStdioClientTransport(
      { command: process.execPath, args: [fixturePath('tools-server.mjs')], stderr: 'ignore' },
      1024 * 1024,
    );
    const client = new Client({ name: 'batching-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const stdin = (transport as unknown as { _process?: ChildProcess })._process?.stdin;
    if (stdin === undefined || stdin === null) throw new Error('expected a stdin pipe');
    const counts = countWrites(stdin);
    const texts = Array.from({ length: 20 }, (_, index) => `call ${index}`);
    const results = await Promise.all(
      texts.map((text) => client.callTool({ name: 'echo', arguments: { text } })),
    );
    expect(results.map(firstText)).toEqual(texts);
    expect(counts.writes).toBe(1);
  });
});
