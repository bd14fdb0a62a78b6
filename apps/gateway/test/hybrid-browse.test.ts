/**
 * `x-gateway serve` with its default hybrid ranking (the in-process sentence encoder):
 * `tool_browse(query)` answers lexically at once, says which ranking answered, and once the
 * readiness line is logged finds a tool that a request describes in other words, where the
 * lexical ranking alone cannot; a second instance reads every vector from the cache folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GatewayProcess,
  payload,
  startGateway,
  writeGatewayConfig,
} from './gateway-processes.js';

/** Tools whose words a plain request does not repeat. */
const TOOLS = [
  {
    name: 'get_forecast',
    description: 'Temperature, precipitation and wind for a city over the coming days.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  },
  {
    name: 'read_text_file',
    description: 'Returns the contents of a file on disk as text.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  },
  {
    name: 'send_email',
    description: 'Sends an email message to one or more recipients.',
    inputSchema: { type: 'object', properties: { to: { type: 'string' } } },
  },
  {
    name: 'convert_currency',
    description: 'Converts an amount of money between currencies at the latest exchange rate.',
    inputSchema: { type: 'object', properties: { amount: { type: 'number' } } },
  },
];

/** A request that shares no word with the forecast tool. */
const QUERY = 'will it rain in Oslo tomorrow?';

let folder: string;
const gateways: GatewayProcess[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-hybrid-'));
});

afterAll(async () => {
  for (const gateway of gateways.splice(0)) await gateway.stop();
  await rm(folder, { recursive: true, force: true });
});

/** A client of one protocol era: 2025-11-25 sessions, or 2026-07-28 stateless requests. */
async function connect(url: URL, era: 'legacy' | 'modern'): Promise<Client> {
  const client = new Client(
    { name: 'gateway-hybrid-test', version: '0.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** The card names and rankings `tool_browse(QUERY)` answers in each era. */
async function browse(
  gateway: GatewayProcess,
): Promise<Record<string, { names: string[]; ranking: unknown }>> {
  const answers: Record<string, { names: string[]; ranking: unknown }> = {};
  for (const era of ['legacy', 'modern'] as const) {
    const client = await connect(gateway.url, era);
    try {
      const result = await client.callTool({
        name: 'tool_browse',
        arguments: { query: QUERY, top_k: 4 },
      });
      const body = payload(result);
      answers[era] = {
        names: ((body.cards ?? []) as { name: string }[]).map((card) => card.name),
        ranking: body.ranking,
      };
    } finally {
      await client.close();
    }
  }
  return answers;
}

/** Starts a gateway over the tools with the `x-gateway` section `section`. */
async function start(section: Record<string, unknown>): Promise<GatewayProcess> {
  const config = await writeGatewayConfig(folder, section, [], TOOLS);
  const gateway = await startGateway(config);
  gateways.push(gateway);
  return gateway;
}

const READY = /hybrid ranking ready: (\d+) tools \((\d+) from the vector cache, (\d+) embedded\)/;

describe('x-gateway serve with its default hybrid ranking', () => {
  it('answers at once, then ranks the forecast tool first for a request in other words once ready, in both eras', async () => {
    const gateway = await start({ ranking: 'auto', vectorCache: join(folder, 'vectors') });
    const first = await browse(gateway);
    expect(['lexical', 'hybrid']).toContain(first.legacy?.ranking);
    const ready = READY.exec(await gateway.waitForLine(READY));
    expect(ready?.slice(1)).toEqual(['4', '0', '4']);
    const hybrid = await browse(gateway);
    expect(hybrid.legacy).toEqual({ names: expect.any(Array), ranking: 'hybrid' });
    expect(hybrid.legacy?.names[0]).toBe('get_forecast');
    expect(hybrid.modern).toEqual(hybrid.legacy);
  });

  it('reads every tool vector from the cache folder in a second instance', async () => {
    const gateway = await start({ ranking: 'auto', vectorCache: join(folder, 'vectors') });
    const ready = READY.exec(await gateway.waitForLine(READY));
    expect(ready?.slice(1)).toEqual(['4', '4', '0']);
    expect((await browse(gateway)).legacy?.names[0]).toBe('get_forecast');
  });

  it('answers lexically, and says so, when the ranking is pinned to lexical', async () => {
    const lexical = await browse(await start({ ranking: 'lexical' }));
    expect(lexical.legacy?.ranking).toBe('lexical');
    expect(lexical.legacy?.names[0]).not.toBe('get_forecast');
    expect(lexical.modern).toEqual(lexical.legacy);
  });
});
