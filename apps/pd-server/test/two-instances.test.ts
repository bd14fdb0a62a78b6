import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  callerOptions,
  ERAS,
  startRedisServer,
  startRoundRobinProxy,
  startTopology,
  type TestRedisServer,
  TOPOLOGIES,
  useScratch,
  writeCallerTokens,
} from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startHttp } from './process-helpers.js';

let redis: TestRedisServer;
const scratch = useScratch('x-pd-two-');

beforeAll(async () => {
  redis = await startRedisServer();
  await writeFile(join(scratch.folder, 'report.txt'), 'quarterly numbers');
});

afterAll(async () => {
  await redis?.stop();
});

function text(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

/** Two `x-pd <args>` processes on one Redis, behind one round-robin address. */
async function startTwo(args: string[]) {
  // One at a time, each registered for cleanup as soon as it runs: a failed start leaks nothing.
  const instances: Awaited<ReturnType<typeof startHttp>>[] = [];
  for (const _ of [0, 1]) {
    const instance = await startHttp([...args, '--session-store', redis.url]);
    scratch.cleanups.push(() => instance.stop());
    instances.push(instance);
  }
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  scratch.cleanups.push(() => proxy.close());
  return proxy;
}

async function connect(url: URL): Promise<Client> {
  const client = new Client({ name: 'two-instances', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  scratch.cleanups.push(() => client.close());
  return client;
}

describe('x-pd on two instances sharing Redis, behind one address', () => {
  it('wrap: a grant made through one instance holds on the other; another session stays ungranted', async () => {
    const config = join(scratch.folder, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          filesystem: { command: join(BIN, 'mcp-server-filesystem'), args: [scratch.folder] },
        },
      }),
    );
    const proxy = await startTwo(['wrap', '--config', config]);
    const client = await connect(proxy.url);
    const read = (session: Client) =>
      session.callTool({
        name: 'filesystem__read_text_file',
        arguments: { path: join(scratch.folder, 'report.txt') },
      });
    expect(text(await read(client))).toContain('TOOL_DESCRIPTION_REQUIRED');
    await client.readResource({
      uri: 'resource:///tool_descriptions?tools=filesystem__read_text_file',
    });
    const answers: string[] = [];
    for (let call = 0; call < 4; call += 1) answers.push(text(await read(client)));
    expect(answers).toEqual(Array(4).fill('quarterly numbers'));
    expect(proxy.served.every((count) => count >= 4)).toBe(true);
    const other = await connect(proxy.url);
    for (let call = 0; call < 2; call += 1) {
      expect(text(await read(other))).toContain('TOOL_DESCRIPTION_REQUIRED');
    }
  });

  it('answers 503 while Redis is down, keeps both instances alive, and serves new sessions once it is back', async () => {
    const proxy = await startTwo(['demo']);
    const client = await connect(proxy.url);
    await client.readResource({ uri: 'resource:///tool_descriptions?tools=notes_read' });
    await redis.pause();
    try {
      for (let call = 0; call < 2; call += 1) {
        const failure = await client
          .callTool({ name: 'notes_read', arguments: { id: 'note-3' } })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(String(failure)).toMatch(/503|session store is unavailable/);
      }
    } finally {
      await redis.restart();
    }
    // The restarted Redis saved nothing: the old session is gone, new ones work everywhere once
    // both instances have reconnected (each retries within a second).
    let fresh: Client | undefined;
    const deadline = Date.now() + 10_000;
    while (fresh === undefined) {
      fresh = await connect(proxy.url).catch((error: unknown) => {
        if (Date.now() > deadline) throw error;
        return undefined;
      });
      if (fresh === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fresh.readResource({ uri: 'resource:///tool_descriptions?tools=notes_read' });
    for (let call = 0; call < 3; call += 1) {
      const result = await fresh.callTool({ name: 'notes_read', arguments: { id: 'note-3' } });
      expect(text(result)).toContain('Release checklist');
    }
  });
});

describe.each(TOPOLOGIES.flatMap((topology) => ERAS.map((era) => ({ topology, era }))))(
  'x-pd demo grants, $era era, $topology',
  ({ topology, era }) => {
    /** A client calling `url` as the caller of `token` in `era`. */
    async function connectAs(url: URL, token: string): Promise<Client> {
      const options = callerOptions(era, token);
      const client = new Client({ name: 'two-instances', version: '0.0.0' }, options.client);
      await client.connect(new StreamableHTTPClientTransport(url, options.transport));
      scratch.cleanups.push(() => client.close());
      expect(client.getProtocolEra()).toBe(era);
      return client;
    }

    it('refuses a call until the caller read its description, then holds the grant on every instance; another caller stays refused', async () => {
      const { file, tokens } = await writeCallerTokens(scratch.folder, ['user', 'user']);
      const [alice = '', bob = ''] = tokens;
      const { url, served } = await startTopology(
        topology,
        redis.url,
        (extra) => startHttp(['demo', '--tokens', file, ...extra]),
        (stop) => scratch.cleanups.push(stop),
      );
      const client = await connectAs(url, alice);
      const call = (caller: Client) =>
        caller.callTool({ name: 'notes_read', arguments: { id: 'note-3' } });
      expect(text(await call(client))).toContain('TOOL_DESCRIPTION_REQUIRED');
      await client.readResource({ uri: 'resource:///tool_descriptions?tools=notes_read' });
      for (let index = 0; index < 3; index += 1) {
        expect(text(await call(client))).toContain('Release checklist');
      }
      if (served !== undefined) expect(served.every((count) => count >= 3)).toBe(true);
      const other = await connectAs(url, bob);
      for (let index = 0; index < 2; index += 1) {
        expect(text(await call(other))).toContain('TOOL_DESCRIPTION_REQUIRED');
      }
    });
  },
);
