import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUpstreamPool, type UpstreamPool } from '@x/core/upstreams';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxyServer } from '../../src/server/proxy-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';

const CATALOG_SERVER = fileURLToPath(
  new URL('../../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);

/** Runs the catalog server, except on the first start: that one creates the marker and exits 1. */
const FAIL_ONCE = `
import { existsSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [marker, bin, ...rest] = process.argv.slice(2);
if (!existsSync(marker)) {
  writeFileSync(marker, '');
  process.exit(1);
}
process.argv = [process.argv[0], bin, ...rest];
await import(pathToFileURL(bin).href);
`;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an upstream that misses its start', () => {
  it('joins the catalog when core retries it, and clients hear tools/list_changed', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'x-gateway-late-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const catalogPath = join(folder, 'catalog.json');
    const script = join(folder, 'fail-once.mjs');
    await writeFile(
      catalogPath,
      JSON.stringify([
        { name: 'work', description: 'Does some work.', inputSchema: { type: 'object' } },
      ]),
    );
    await writeFile(script, FAIL_ONCE);
    const pool: UpstreamPool = createUpstreamPool(
      {
        mcpServers: {
          late: {
            type: 'stdio',
            command: process.execPath,
            args: [script, join(folder, 'started'), CATALOG_SERVER, '--catalog', catalogPath],
          },
        },
      },
      { stderr: 'ignore', reconnect: { initialDelayMs: 1, maxDelayMs: 1 } },
    );
    cleanups.push(() => pool.close());
    const runtime: GatewayRuntime = await createGatewayRuntime({
      upstreams: upstreamsFromPool(pool),
    });
    cleanups.push(() => runtime.close());
    const pair: TestPair = await createTestPair(createProxyServer(runtime));
    cleanups.push(() => pair.close());
    const changed = new Promise<void>((resolve) =>
      pair.client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
    );
    // The first start failed; either the catalog is still empty or the retry already landed.
    if (runtime.catalog.size === 0) {
      expect(runtime.lastRefresh.upstreams[0]).toMatchObject({ name: 'late', status: 'failed' });
      await changed;
    }
    expect(runtime.catalog.toolIds.some((id) => id.includes('late'))).toBe(true);
    const { tools } = await pair.client.listTools();
    expect(tools.map((tool) => tool.name).some((name) => name.includes('work'))).toBe(true);
  });
});
