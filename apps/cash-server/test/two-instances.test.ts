import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type RoundRobinProxy,
  startRedisServer,
  startRoundRobinProxy,
  type TestRedisServer,
} from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpProcess, startHttp, text } from './helpers.js';

const VIEWER = 'viewer-token-0123456789';
const ADMIN = 'admin-token-0123456789';

let redis: TestRedisServer;
let directory: string;
const instances: HttpProcess[] = [];
let proxy: RoundRobinProxy | undefined;

beforeAll(async () => {
  redis = await startRedisServer();
  directory = await mkdtemp(join(tmpdir(), 'x-cash-two-'));
  const tokens = join(directory, 'tokens.json');
  await writeFile(tokens, JSON.stringify({ [VIEWER]: 'viewer', [ADMIN]: 'admin' }));
  // One at a time into `instances`, so afterAll stops whatever started even if a start fails.
  for (const _ of [0, 1]) {
    instances.push(await startHttp(['demo', '--tokens', tokens, '--session-store', redis.url]));
  }
  proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis?.stop();
  await rm(directory, { recursive: true, force: true });
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'x-cash-two', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(proxy?.url ?? new URL('http://127.0.0.1'), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

describe('x-cash demo on two instances sharing Redis, behind one address', () => {
  it('keeps each session visibility by role on whichever instance serves it', async () => {
    const viewer = await connect(VIEWER);
    const admin = await connect(ADMIN);
    try {
      const help = async (client: Client) =>
        text(await client.callTool({ name: 'help', arguments: { namespace: 'orders' } }));
      for (let call = 0; call < 4; call += 1) {
        expect(await help(viewer)).not.toContain('**create**');
        expect(await help(admin)).toContain('**create**');
      }
      expect(proxy?.served.every((count) => count >= 6)).toBe(true);
    } finally {
      await viewer.close();
      await admin.close();
    }
  });
});
