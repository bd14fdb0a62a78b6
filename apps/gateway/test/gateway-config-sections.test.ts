import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GatewayControlsOptionsSchema } from '@x/gateway/controls';
import { afterEach, describe, expect, it } from 'vitest';
import { controlsOptionsOf, parseGatewayConfig } from '../src/gateway-config.js';
import { type OpenRuntime, openRuntime } from '../src/open-runtime.js';

const app = fileURLToPath(new URL('..', import.meta.url));
const memoryServer = join(app, 'node_modules', '.bin', 'mcp-server-memory');

async function exampleConfig(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(app, 'examples', 'mcp-controls.json'), 'utf8'));
}

describe('the cacheStable, refresh and primitives blocks of the x-gateway section', () => {
  let folder: string | undefined;
  let opened: OpenRuntime | undefined;

  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    folder = undefined;
  });

  it('parses the controls example with every block, and hands the controls only their own', async () => {
    const config = parseGatewayConfig(await exampleConfig(), 'mcp-controls.json');
    expect(config.cacheStable).toEqual({ enabled: true, maxSeen: 1_000, ttlMs: 86_400_000 });
    expect(config.refresh).toEqual({ duplicates: 'first-wins' });
    expect(config.primitives).toEqual({ enabled: true });
    expect(GatewayControlsOptionsSchema.safeParse(config).success).toBe(false);
    const controls = controlsOptionsOf(config);
    expect(Object.keys(controls).sort()).toEqual([
      'cache',
      'dryRun',
      'rateLimits',
      'retry',
      'schemaTrust',
      'tolerantArgs',
    ]);
    expect(GatewayControlsOptionsSchema.safeParse(controls).success).toBe(true);
  });

  it('names a wrong field inside the new blocks', () => {
    expect(() =>
      parseGatewayConfig({ 'x-gateway': { cacheStable: { maxSeen: 0 } } }, 'mcp.json'),
    ).toThrow(/field "x-gateway\.cacheStable\.maxSeen": Too small/);
    expect(() =>
      parseGatewayConfig({ 'x-gateway': { primitives: { templates: true } } }, 'mcp.json'),
    ).toThrow('mcp.json: field "x-gateway.primitives.templates": unknown field');
    expect(() =>
      parseGatewayConfig({ 'x-gateway': { groups: { nested: true } } }, 'mcp.json'),
    ).toThrow('mcp.json: field "x-gateway.groups.nested": unknown field');
  });

  it('reads the experimental groups block: off when absent, on when written, never a control', () => {
    expect(parseGatewayConfig({}, 'mcp.json').groups).toBeUndefined();
    const config = parseGatewayConfig({ 'x-gateway': { groups: {} } }, 'mcp.json');
    expect(config.groups).toEqual({ enabled: true });
    expect(Object.keys(controlsOptionsOf(config))).not.toContain('groups');
  });

  it('opens a runtime with dispatch controls, cache-stable browsing, refresh and primitives all on', async () => {
    folder = await mkdtemp(join(tmpdir(), 'x-gateway-sections-'));
    const configPath = join(folder, 'mcp.json');
    await writeFile(
      configPath,
      JSON.stringify({
        mcpServers: {
          memory: {
            command: memoryServer,
            env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
          },
        },
        'x-gateway': {
          dryRun: true,
          rateLimits: { tools: { '*': { maxCallsPerMinute: 10 } } },
          refresh: { duplicates: 'first-wins' },
          cacheStable: {},
          primitives: {},
        },
      }),
    );
    opened = await openRuntime(configPath, { quiet: true, report: () => undefined });
    expect(opened.controls).toBeDefined();
    expect(opened.config.cacheStable?.enabled).toBe(true);
    expect(opened.primitives?.catalog.count('resource')).toBe(1);
    expect(opened.runtime.catalog.size).toBeGreaterThan(0);
  });
});
