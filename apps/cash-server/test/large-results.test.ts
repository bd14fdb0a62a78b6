/**
 * Issue 20, finding 4: a 6 MB file through the built `x-cash aggregate` over stdio. CaSH gates
 * it (`GATED`, with a suggested sizelimit); with that sizelimit the answer (about 13 MB of JSON)
 * is above the 10 MiB a stdio client reads by default, so x-cash answers that one call with
 * RESULT_TOO_LARGE and serves the next one from the same upstream process.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createLargeFileFolder, descendantPids } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, CLI, text } from './helpers.js';

let folder: string;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  let config: string;
  ({ folder, config } = await createLargeFileFolder(
    'x-cash-large-',
    join(BIN, 'mcp-server-filesystem'),
  ));
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'aggregate', '--config', config],
    stderr: 'ignore',
  });
  client = new Client({ name: 'large-results-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(folder, { recursive: true, force: true });
});

const read = (file: string, sizelimit?: number) =>
  client.callTool({
    name: 'call',
    arguments: {
      namespace: 'filesystem',
      function: 'read_text_file',
      kwargs: { path: join(folder, file) },
      ...(sizelimit === undefined ? {} : { sizelimit }),
    },
  });

describe('x-cash aggregate and a large upstream result over stdio', () => {
  it('gates a 6 MB file, answers it with RESULT_TOO_LARGE at the suggested sizelimit, then serves the next call', async () => {
    expect(text(await read('small.txt'))).toContain('a small file');
    const before = descendantPids(transport.pid as number);
    const gated = await read('six.txt');
    expect(gated.structuredContent).toMatchObject({ code: 'GATED' });
    const suggested = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const error = await read('six.txt', suggested).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({
      code: -32603,
      data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: 10 * 1024 * 1024 },
    });
    expect(text(await read('small.txt'))).toContain('a small file');
    expect(descendantPids(transport.pid as number)).toEqual(before);
  });
});
