/**
 * `x-gateway serve` with `embeddings: { local: "sentence-encoder" }`: `tool_browse(query)` finds
 * a tool that a request describes in other words, where the lexical ranking alone cannot.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
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

/** The card names `tool_browse(QUERY)` answers on a gateway with `section` as its configuration. */
async function browse(section: Record<string, unknown>): Promise<string[]> {
  const config = await writeGatewayConfig(folder, section, [], TOOLS);
  const gateway = await startGateway(config);
  gateways.push(gateway);
  const client = await connectClient(gateway.url);
  try {
    const result = await client.callTool({
      name: 'tool_browse',
      arguments: { query: QUERY, top_k: 4 },
    });
    return ((payload(result).cards ?? []) as { name: string }[]).map((card) => card.name);
  } finally {
    await client.close();
  }
}

describe('x-gateway serve with the in-process sentence encoder', () => {
  it('ranks the forecast tool first for a request in other words; the lexical ranking does not', async () => {
    const hybrid = await browse({ embeddings: { local: 'sentence-encoder' } });
    expect(hybrid[0]).toBe('get_forecast');
    const lexical = await browse({});
    expect(lexical[0]).not.toBe('get_forecast');
  });
});
