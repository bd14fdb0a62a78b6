import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayProcess, startGateway, writeGatewayConfig } from './gateway-processes.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the start line', () => {
  it('counts only the upstreams that are up', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'x-gateway-start-line-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const config = await writeGatewayConfig(folder);
    const file = JSON.parse(await readFile(config, 'utf8'));
    file.mcpServers.broken = { command: process.execPath, args: ['-e', 'process.exit(1)'] };
    await writeFile(config, JSON.stringify(file));
    const gateway: GatewayProcess = await startGateway(config);
    cleanups.push(() => gateway.stop());
    const line = await gateway.waitForLine(/serving /);
    expect(line).toContain('2 tools from 1 servers');
  });
});
