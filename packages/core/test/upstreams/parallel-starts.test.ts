import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamPool, type UpstreamPool } from '../../src/upstreams/index.js';
import { fixturePath, nodeServer } from './helpers.js';

const TOOLS_SERVER = fixturePath('tools-server.mjs');
const pools: UpstreamPool[] = [];
const gates: Server[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  for (const gate of gates.splice(0)) gate.close();
});

/**
 * The loopback end of the fixture's `FIXTURE_START_GATE`: each upstream that starts connects and
 * says its name, then waits until {@link StartGate.release} answers it. Starts that arrived and
 * were not released yet are the starts in flight.
 */
interface StartGate {
  /** The port the fixtures connect to. */
  readonly port: number;
  /** The upstreams that started, in the order they arrived. */
  readonly started: readonly string[];
  /** The most starts in flight at once so far. */
  readonly mostInFlight: number;
  /** Resolves once `count` upstreams have started. */
  startedCount(count: number): Promise<void>;
  /** Lets `name`'s start go on. */
  release(name: string): void;
}

async function openStartGate(): Promise<StartGate> {
  const waiting = new Map<string, Socket>();
  const started: string[] = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  let mostInFlight = 0;
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0 || started.includes(text.slice(0, end))) return;
      const name = text.slice(0, end);
      waiting.set(name, socket);
      started.push(name);
      mostInFlight = Math.max(mostInFlight, waiting.size);
      for (const watcher of watchers.filter((entry) => started.length >= entry.count)) {
        watcher.resolve();
      }
    });
    socket.on('error', () => {});
  });
  gates.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    started,
    get mostInFlight() {
      return mostInFlight;
    },
    startedCount: (count) =>
      started.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => watchers.push({ count, resolve })),
    release(name) {
      waiting.get(name)?.write('go\n');
      waiting.delete(name);
    },
  };
}

describe('maxParallelStarts', () => {
  it('keeps at most that many upstream starts in flight, the next starting as one is up', async () => {
    const gate = await openStartGate();
    const names = ['one', 'two', 'three', 'four', 'five'];
    const limit = 2;
    const pool = createUpstreamPool(
      {
        mcpServers: Object.fromEntries(
          names.map((name) => [
            name,
            nodeServer(TOOLS_SERVER, {
              env: { FIXTURE_START_GATE: String(gate.port), FIXTURE_NAME: name },
            }),
          ]),
        ),
      },
      { stderr: 'ignore', maxParallelStarts: limit },
    );
    pools.push(pool);
    const connected = pool.connectAll();

    for (let index = 0; index < names.length; index += 1) {
      // Every start that can begin before this one is released is in flight now.
      await gate.startedCount(Math.min(index + limit, names.length));
      expect(gate.started).toHaveLength(Math.min(index + limit, names.length));
      const name = gate.started[index] as string;
      gate.release(name);
      await pool.upstreams.get(name)?.connect();
      expect(pool.upstreams.get(name)?.status).toBe('ready');
    }

    const errors = await connected;
    expect([...errors.values()]).toEqual(names.map(() => undefined));
    expect([...gate.started].sort()).toEqual([...names].sort());
    expect(gate.mostInFlight).toBe(limit);
  });
});
