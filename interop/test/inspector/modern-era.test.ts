/**
 * End to end with a modern client nobody on this project wrote: MCP Inspector 2 in CLI mode,
 * pinned to the 2026-07-28 era (no session: every invocation is one stateless exchange), against
 * every reference app over Streamable HTTP; then a progressive-disclosure flow and a gateway flow
 * across two instances sharing Redis behind one round-robin address, where only the caller's
 * bearer token ties the invocations together (the principal scope).
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, startRoundRobinProxy, type TestRedisServer } from '@x/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTarget } from '../../src/official/start-target.js';
import { officialTargets } from '../../src/official/targets.js';
import { linkedPackage } from '../../src/paths.js';
import {
  firstText,
  type ModernInspector,
  modernInspector,
  payload,
  SERVER_INFO_META,
  startApp,
  toolCall,
  writeTokens,
} from './modern-inspector.js';

const PD = join(linkedPackage('@x/pd-server'), 'dist', 'cli.js');
const GATEWAY = join(linkedPackage('@x/gateway-app'), 'dist', 'cli.js');
const CATALOG_SERVER = join(linkedPackage('@x/core'), 'dist', 'catalog-server', 'bin.js');

let inspector: ModernInspector;
let redis: TestRedisServer;
let folder: string;
const cleanups: (() => Promise<unknown>)[] = [];

/** Each Inspector invocation starts a Node 22 process; the flows run a dozen of them. */
const FLOW_TIMEOUT_MS = 180_000;

beforeAll(async () => {
  // The first run installs Node 22 and the Inspector from the npm registry (minutes).
  inspector = await modernInspector();
  redis = await startRedisServer();
  folder = await mkdtemp(join(tmpdir(), 'x-inspector-modern-'));
}, 600_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await redis?.stop();
  await inspector?.close();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

/**
 * Two instances of `args` on one Redis, and the round-robin address in front of them. Each
 * Inspector invocation sends more than one request (the `server/discover` probe, then the
 * method), so the flows address the instances directly, A and B in turn, to be sure every step
 * lands on a known instance; the proxy carries one more step of each flow.
 */
async function startTwo(name: string, args: readonly string[]): Promise<[URL, URL, URL]> {
  const instances = [];
  // One at a time, each registered for cleanup as soon as it runs: a failed start leaks nothing.
  for (const _ of [0, 1]) {
    const instance = await startApp(name, [...args, '--session-store', redis.url]);
    cleanups.push(() => instance.stop());
    instances.push(instance);
  }
  const [a, b] = instances.map((instance) => instance.url);
  if (a === undefined || b === undefined) throw new Error('two instances expected');
  const proxy = await startRoundRobinProxy([a, b]);
  cleanups.push(() => proxy.close());
  return [a, b, proxy.url];
}

describe('MCP Inspector 2 in the 2026-07-28 era against every app', () => {
  for (const target of officialTargets) {
    it(
      `${target.name}: lists the same tools, in the same order, on every stateless request`,
      async () => {
        const app = await startTarget(target);
        cleanups.push(() => app.stop());
        const first = await inspector.call(app.url, ['--method', 'tools/list']);
        const tools = first.tools as { name: string }[];
        expect(tools.length).toBeGreaterThan(0);
        const again = await inspector.call(app.url, ['--method', 'tools/list']);
        expect(again.tools).toEqual(first.tools);
      },
      FLOW_TIMEOUT_MS,
    );
  }
});

describe('MCP Inspector 2 across two instances on Redis', () => {
  it(
    'x-pd demo: refused call, description read, call works; another principal stays refused',
    async () => {
      const { file, tokens } = await writeTokens(folder, ['user', 'user']);
      const [alice = '', bob = ''] = tokens;
      const [a, b, proxy] = await startTwo('x-pd-demo', [PD, 'demo', '--tokens', file]);
      const call = toolCall('notes_read', { id: 'note-3' });

      const refused = await inspector.call(a, call, alice);
      // Only a 2026-07-28 result names its server in `_meta`.
      expect(refused._meta).toMatchObject({ [SERVER_INFO_META]: { name: 'x-pd-demo' } });
      expect(refused.isError).toBe(true);
      expect(JSON.parse(firstText(refused))).toMatchObject({
        error: { code: 'TOOL_DESCRIPTION_REQUIRED' },
      });
      const uri = 'resource:///tool_descriptions?tools=notes_read';
      const read = await inspector.call(b, ['--method', 'resources/read', '--uri', uri], alice);
      const contents = read.contents as { text: string }[];
      expect(JSON.parse(contents[0]?.text ?? '{}')).toMatchObject({
        notes_read: { name: 'notes_read', inputSchema: { required: ['id'] } },
      });
      // The grant made through B holds on A, on B and behind the shared address.
      for (const url of [a, b, proxy]) {
        const granted = await inspector.call(url, call, alice);
        expect(firstText(granted)).toContain('Release checklist');
        expect(granted.isError).toBeFalsy();
      }
      const other = await inspector.call(proxy, call, bob);
      expect(firstText(other)).toContain('TOOL_DESCRIPTION_REQUIRED');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'x-gateway: browse on A, execute to a stored artifact on B, tool_view of it on both; another principal is refused',
    async () => {
      const { file, tokens } = await writeTokens(folder, ['user', 'user']);
      const [alice = '', bob = ''] = tokens;
      const catalog = join(folder, 'catalog.json');
      await writeFile(
        catalog,
        JSON.stringify([
          {
            name: 'work',
            description: 'Does some numbered work and reports it.',
            inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
          },
        ]),
      );
      const config = join(folder, 'gateway.json');
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            jobs: { command: process.execPath, args: [CATALOG_SERVER, '--catalog', catalog] },
          },
        }),
      );
      const [a, b, proxy] = await startTwo('x-gateway', [
        GATEWAY,
        'serve',
        '--config',
        config,
        '--tokens',
        file,
        '--artifact-dir',
        join(folder, 'artifacts'),
        '--quiet',
      ]);

      const browsed = await inspector.call(
        a,
        toolCall('tool_browse', { query: 'numbered work', top_k: 1 }),
        alice,
      );
      expect(browsed._meta).toMatchObject({ [SERVER_INFO_META]: { name: expect.any(String) } });
      const cards = payload(browsed).cards as { id: string; name: string }[];
      expect(cards[0]?.name).toBe('work');
      const executed = await inspector.call(
        b,
        toolCall('tool_execute', {
          tool_id: cards[0]?.id,
          args: { n: 1, __x_behaviour: 'large', __x_size: 6_000 },
        }),
        alice,
      );
      const envelope = payload(executed) as { artifacts: { handle: string; bytes: number }[] };
      expect(envelope.artifacts[0]?.bytes).toBe(6_000);
      const handle = envelope.artifacts[0]?.handle ?? '';
      const view = toolCall('tool_view', { handle, selector: 'json_keys' });
      // The artifact stored through B is viewed through A, B and the shared address.
      for (const url of [a, b, proxy]) {
        const viewed = await inspector.call(url, view, alice);
        expect(payload(viewed)).toMatchObject({ handle, unit: 'keys' });
        expect(viewed.isError).toBeFalsy();
      }
      const refused = await inspector.call(proxy, view, bob);
      expect(refused.isError).toBe(true);
      expect(payload(refused)).toMatchObject({ error: 'VIEW_FAILED' });
    },
    FLOW_TIMEOUT_MS,
  );
});
