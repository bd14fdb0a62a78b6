/**
 * Issue 20, finding 4: a 6 MB file through the built `x-pd wrap` over stdio. Its answer (about
 * 13 MB of JSON) is above the 10 MiB a stdio client reads by default, so x-pd answers that one
 * call with RESULT_TOO_LARGE, and serves the next one from the same upstream process.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createLargeFileFolder, descendantPids } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, CLI } from './process-helpers.js';

let folder: string;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  let config: string;
  ({ folder, config } = await createLargeFileFolder(
    'x-pd-large-',
    join(BIN, 'mcp-server-filesystem'),
  ));
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'wrap', '--config', config],
    stderr: 'ignore',
  });
  client = new Client({ name: 'large-results-test', version: '1.0.0' });
  await client.connect(transport);
  await client.readResource({
    uri: 'resource:///tool_descriptions?tools=filesystem__read_text_file',
  });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(folder, { recursive: true, force: true });
});

const read = (file: string) =>
  client.callTool({ name: 'filesystem__read_text_file', arguments: { path: join(folder, file) } });

describe('x-pd wrap and a large upstream result over stdio', () => {
  it('answers a 6 MB file with RESULT_TOO_LARGE naming the limit, then serves the next call from the same upstream', async () => {
    expect(JSON.stringify(await read('small.txt'))).toContain('a small file');
    const before = descendantPids(transport.pid as number);
    const error = await read('six.txt').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({
      code: -32603,
      data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: 10 * 1024 * 1024 },
    });
    expect((error as Error).message).toContain('maxMessageBytes');
    expect(JSON.stringify(await read('small.txt'))).toContain('a small file');
    expect(descendantPids(transport.pid as number)).toEqual(before);
  });
});
