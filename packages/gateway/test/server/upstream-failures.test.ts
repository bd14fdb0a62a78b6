import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUpstreamPool, type Upstream, type UpstreamPool } from '@x/core/upstreams';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import type { ResultEnvelope } from '../../src/firewall/result-envelope.js';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';
import { structured } from '../helpers.js';

const CATALOG_SERVER = fileURLToPath(
  new URL('../../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);

let folder: string;
let pool: UpstreamPool;
let upstream: Upstream;
let runtime: GatewayRuntime;
let pair: TestPair;
/** The tool of the upstream with a generous time limit: crashes and huge results. */
let toolId: string;
/** The same tool behind a short time limit, only for the hang (the limit is what it tests). */
let stuckToolId: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-failures-'));
  const catalogPath = join(folder, 'catalog.json');
  await writeFile(
    catalogPath,
    JSON.stringify([
      {
        name: 'work',
        description: 'Does some work.',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      },
    ]),
  );
  pool = createUpstreamPool(
    {
      mcpServers: {
        flaky: {
          type: 'stdio',
          command: process.execPath,
          args: [CATALOG_SERVER, '--catalog', catalogPath],
          timeoutMs: 60_000,
        },
        stuck: {
          type: 'stdio',
          command: process.execPath,
          args: [CATALOG_SERVER, '--catalog', catalogPath],
          timeoutMs: 1_500,
        },
      },
    },
    { stderr: 'ignore' },
  );
  upstream = pool.upstreams.get('flaky') as Upstream;
  runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
  const ids = runtime.catalog.toolIds;
  toolId = ids.find((id) => id.includes('flaky')) as string;
  stuckToolId = ids.find((id) => id.includes('stuck')) as string;
  pair = await createTestPair(createGatewayServer(runtime, { firewall: { maxInlineTokens: 500 } }));
});

afterAll(async () => {
  await pair?.close();
  runtime?.close();
  await pool?.close();
  await rm(folder, { recursive: true, force: true });
});

function execute(args: Record<string, unknown>, id = toolId) {
  return pair.client.callTool({ name: 'tool_execute', arguments: { tool_id: id, args } });
}

describe('a real upstream that fails mid-call', () => {
  it('answers a crash with a retryable UPSTREAM_UNAVAILABLE, keeps serving and reconnects', async () => {
    expect((await execute({ n: 1 })).isError).toBeUndefined();
    const firstPid = upstream.pid;
    const crashed = await execute({ __x_behaviour: 'crash' });
    expect(crashed.isError).toBe(true);
    expect(structured<GatewayErrorPayload>(crashed)).toMatchObject({
      error: 'UPSTREAM_UNAVAILABLE',
      retryable: true,
    });
    const browse = await pair.client.callTool({ name: 'tool_browse', arguments: { path: '/' } });
    expect(browse.isError).toBeUndefined();
    const again = await execute({ n: 2 });
    expect(structured<ResultEnvelope>(again).status).toBe('ok');
    expect(upstream.pid).not.toBe(firstPid);
  });

  it('answers a hang with a retryable UPSTREAM_TIMEOUT and serves the next call', async () => {
    // The server's first real call does one-time work (schema compilation) that a busy machine can
    // stretch past the short limit; it happens here, under a generous limit of its own.
    await pool.upstreams.get('stuck')?.callTool('work', { n: 0 }, { timeoutMs: 60_000 });
    const hung = await execute({ __x_behaviour: 'hang' }, stuckToolId);
    expect(structured<GatewayErrorPayload>(hung)).toMatchObject({
      error: 'UPSTREAM_TIMEOUT',
      retryable: true,
    });
    expect(structured<GatewayErrorPayload>(hung).message).not.toMatch(/\/tmp|\/home/);
    expect(structured<ResultEnvelope>(await execute({ n: 3 }, stuckToolId)).status).toBe('ok');
  });

  it('keeps a huge result out of the context and lets tool_view page through it', async () => {
    const huge = await execute({ __x_behaviour: 'large', __x_size: 3_000_000 });
    const envelope = structured<ResultEnvelope>(huge);
    expect(envelope.provenance).toMatchObject({ firewall: 'artifact' });
    expect(envelope.artifacts[0]?.bytes).toBeGreaterThanOrEqual(3_000_000);
    expect(JSON.stringify(huge).length).toBeLessThan(5_000);
    const view = await pair.client.callTool({
      name: 'tool_view',
      arguments: { handle: envelope.artifacts[0]?.handle as string, selector: 'head:5' },
    });
    expect(structured<{ text: string }>(view).text.length).toBeLessThanOrEqual(8_000);
  });
});
