/**
 * `x-gateway serve` with `embeddings: { local: "sentence-encoder" }`: `tool_browse(query)` finds
 * a tool that a request describes in other words, where the lexical ranking alone cannot.
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

/** The card names `tool_browse(QUERY)` answers in each era on a gateway configured with `section`. */
async function browse(section: Record<string, unknown>): Promise<Record<string, string[]>> {
  const config = await writeGatewayConfig(folder, section, [], TOOLS);
  const gateway = await startGateway(config);
  gateways.push(gateway);
  const names: Record<string, string[]> = {};
  for (const era of ['legacy', 'modern'] as const) {
    const client = await connect(gateway.url, era);
    try {
      const result = await client.callTool({
        name: 'tool_browse',
        arguments: { query: QUERY, top_k: 4 },
      });
      names[era] = ((payload(result).cards ?? []) as { name: string }[]).map((card) => card.name);
    } finally {
      await client.close();
    }
  }
  return names;
}

describe('x-gateway serve with the in-process sentence encoder', () => {
  it('ranks the forecast tool first for a request in other words, in both eras; the lexical ranking does not', async () => {
    const hybrid = await browse({ embeddings: { local: 'sentence-encoder' } });
    expect(hybrid.legacy?.[0]).toBe('get_forecast');
    expect(hybrid.modern).toEqual(hybrid.legacy);
    const lexical = await browse({});
    expect(lexical.legacy?.[0]).not.toBe('get_forecast');
    expect(lexical.modern).toEqual(lexical.legacy);
  });
});
