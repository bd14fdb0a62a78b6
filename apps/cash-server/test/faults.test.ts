import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { processesMentioning } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpProcess, startHttp, text } from './helpers.js';

/** The built `x-catalog-server` of `@x/core`. */
const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);
const CATALOG = [
  {
    name: 'work',
    description: 'Does some numbered work and reports it.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
];

let folder: string;
let server: HttpProcess | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-cash-faults-'));
  // Only `jobs` is made to hang, so only it needs a short limit; the bystander's upstream gets a
  // generous one, so a busy machine never turns a slow answer into a failure.
  const upstream = async (name: string, timeoutMs: number) => {
    const catalog = join(folder, `${name}-catalog.json`);
    await writeFile(catalog, JSON.stringify(CATALOG));
    return {
      command: process.execPath,
      args: [CATALOG_SERVER, '--catalog', catalog],
      timeoutMs,
    };
  };
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: await upstream('jobs', 1_500),
        steady: await upstream('steady', 60_000),
      },
    }),
  );
  server = await startHttp(['aggregate', '--config', config]);
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.stop();
  // x-cash ends its upstreams when it stops: no process of this file is left behind.
  expect(processesMentioning(folder)).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'x-cash-faults', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(server?.url as URL));
  clients.push(client);
  return client;
}

/**
 * `call(namespace, work, kwargs)`: `ok` when the answer echoes `kwargs.n`, the wire code of an
 * error result (`UPSTREAM_UNAVAILABLE`...), else the answer's text.
 */
async function work(client: Client, namespace: string, kwargs: Record<string, unknown>) {
  const result = await client.callTool({
    name: 'call',
    arguments: { namespace, function: 'work', kwargs },
  });
  if (result.isError === true) {
    return String((result.structuredContent as { code?: unknown } | undefined)?.code);
  }
  const answer = text(result);
  return answer.includes(`"n":${kwargs.n}}`) ? 'ok' : answer;
}

/** Calls `steady`'s work in a loop until stopped; resolves with every outcome. */
function bystander(client: Client) {
  let running = true;
  const outcomes: string[] = [];
  const done = (async () => {
    for (let n = 100_000; running; n += 1) outcomes.push(await work(client, 'steady', { n }));
  })();
  return {
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}

describe('x-cash aggregate under upstream faults', () => {
  it('classifies an upstream dying mid-call and a hung one, serves other namespaces throughout and reconnects', async () => {
    const faulty = await connect();
    const steady = await connect();
    expect(await work(faulty, 'jobs', { n: 1 })).toBe('ok');
    const watcher = bystander(steady);
    let outcomes: string[] = [];
    try {
      // The upstream process exits in the middle of the call: a retryable UPSTREAM_UNAVAILABLE.
      expect(await work(faulty, 'jobs', { n: 2, __x_behaviour: 'crash' })).toBe(
        'UPSTREAM_UNAVAILABLE',
      );
      // A later call starts the upstream again and succeeds.
      const deadline = Date.now() + 15_000;
      let recovered = '';
      while (recovered !== 'ok' && Date.now() < deadline) {
        recovered = await work(faulty, 'jobs', { n: 3 });
        if (recovered !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recovered).toBe('ok');
      // Hung: UPSTREAM_TIMEOUT once the upstream's timeoutMs has passed.
      expect(await work(faulty, 'jobs', { n: 4, __x_behaviour: 'hang' })).toBe('UPSTREAM_TIMEOUT');
      expect(await work(faulty, 'jobs', { n: 5 })).toBe('ok');
    } finally {
      outcomes = await watcher.stop();
    }
    // The other namespace answered every call, each with its own `n`.
    expect(outcomes.length).toBeGreaterThan(3);
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
  });
});
