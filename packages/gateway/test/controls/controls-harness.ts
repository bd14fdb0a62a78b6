/** A gateway (or proxy) with controls over fake upstreams, for the controls' server tests. */
import type { Client, Tool } from '@modelcontextprotocol/client';
import { CoreError } from '@x/core';
import { createTestPair, type TestPair } from '@x/test-kit';
import type { GatewayControlsOptions } from '../../src/controls/controls-options.js';
import {
  type ControlsEvent,
  createGatewayControls,
  type GatewayControls,
} from '../../src/controls/gateway-controls.js';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createProxyServer } from '../../src/server/proxy-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { type FakeUpstream, fakeUpstream } from '../helpers.js';

const objectSchema = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ type: 'object', properties, required }) as Tool['inputSchema'];

/** The tools of the `kv` upstream: read-only, mutating, flaky, failing, typed. */
export const KV_TOOLS: Tool[] = [
  {
    name: 'lookup',
    description: 'Look up a key.',
    inputSchema: objectSchema({ key: { type: 'string' }, limit: { type: 'integer' } }, ['key']),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'store',
    description: 'Store a value under a key.',
    inputSchema: objectSchema({ key: { type: 'string' }, value: { type: 'string' } }, ['key']),
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
  {
    name: 'flaky',
    description: 'Fails while the upstream recovers.',
    inputSchema: objectSchema({}),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'refuse',
    description: 'Always refused by the upstream.',
    inputSchema: objectSchema({}),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'broken',
    description: 'Reports a tool error.',
    inputSchema: objectSchema({}),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'typed',
    description: 'Takes typed arguments.',
    inputSchema: objectSchema(
      {
        count: { type: 'integer' },
        ratio: { type: 'number' },
        on: { type: 'boolean' },
        note: { type: 'string' },
      },
      ['count'],
    ),
  },
];

/** A `kv` upstream whose `flaky` tool fails `failures.flaky` more times before answering. */
export function kvUpstream(): FakeUpstream & { failures: { flaky: number } } {
  const upstream = Object.assign(fakeUpstream('kv', KV_TOOLS), { failures: { flaky: 0 } });
  upstream.answer = async (name, args) => {
    if (name === 'flaky' && upstream.failures.flaky > 0) {
      upstream.failures.flaky -= 1;
      throw new CoreError({ code: 'UNAVAILABLE', message: 'upstream restarting' });
    }
    if (name === 'refuse') throw new CoreError({ code: 'AUTH', message: 'bad credentials' });
    if (name === 'broken') return { content: [{ type: 'text', text: 'it broke' }], isError: true };
    return {
      content: [
        { type: 'text', text: JSON.stringify({ name, args, call: upstream.calls.length }) },
      ],
    };
  };
  return upstream;
}

/** What a controls test works with. */
export interface ControlsHarness {
  runtime: GatewayRuntime;
  upstream: ReturnType<typeof kvUpstream>;
  controls: GatewayControls;
  events: ControlsEvent[];
  clock: { now: number };
  /** Opens one more session (its own server) and returns its client. */
  session(mode?: 'gateway' | 'proxy'): Promise<Client>;
  /** The full id of a `kv` tool. */
  id(name: string): string;
  close(): Promise<void>;
}

/** Builds a runtime over a `kv` upstream with `options` as controls (no real waits, a fixed clock). */
export async function createControlsHarness(
  options: GatewayControlsOptions,
): Promise<ControlsHarness> {
  const upstream = kvUpstream();
  const runtime = await createGatewayRuntime({ upstreams: [upstream] });
  const events: ControlsEvent[] = [];
  const clock = { now: 1_000_000 };
  const controls = createGatewayControls(runtime, options, {
    now: () => clock.now,
    random: () => 0,
    sleep: async () => {},
    onEvent: (event) => events.push(event),
  });
  const pairs: TestPair[] = [];
  return {
    runtime,
    upstream,
    controls,
    events,
    clock,
    async session(mode = 'gateway') {
      const server =
        mode === 'gateway'
          ? createGatewayServer(runtime, { controls })
          : createProxyServer(runtime, { controls });
      const pair = await createTestPair(server);
      pairs.push(pair);
      return pair.client;
    },
    id(name) {
      const found = runtime.catalog.toolIds.find((toolId) => toolId.startsWith(`kv:${name}#`));
      if (found === undefined) throw new Error(`no kv:${name}`);
      return found;
    },
    async close() {
      for (const pair of pairs.reverse()) await pair.close();
      controls.close();
      runtime.close();
    },
  };
}
