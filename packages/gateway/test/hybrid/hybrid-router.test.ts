import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiEmbeddingProvider, type EmbeddingProvider } from '@x/core/embeddings';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import {
  createGatewayServer,
  createGatewayServerFactory,
} from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { fakeUpstream, simpleTool, structured } from '../helpers.js';

/** Words of one meaning share an axis, the way an embedding model places them. */
const AXES = [/weather|temperature|forecast/, /theatre|show|broadway/, /file|disk/];

/** A local OpenAI-compatible `/v1/embeddings` server: `failing` answers HTTP 503. */
async function startProvider(): Promise<{
  url: string;
  inputs: string[][];
  failing: { on: boolean };
  server: Server;
}> {
  const inputs: string[][] = [];
  const failing = { on: false };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] };
    inputs.push(input);
    if (failing.on) {
      response.writeHead(503).end();
      return;
    }
    const data = input.map((text, index) => ({
      index,
      embedding: AXES.map((axis): number => (axis.test(text.toLowerCase()) ? 1 : 0)).concat(0.01),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    inputs,
    failing,
    server,
  };
}

let pairs: TestPair[];
let runtime: GatewayRuntime;
let provider: Awaited<ReturnType<typeof startProvider>>;

beforeEach(async () => {
  pairs = [];
  provider = await startProvider();
  runtime = await createGatewayRuntime({
    upstreams: [
      fakeUpstream('demo', [
        simpleTool('weather_now', ['place'], 'Current weather and forecast for a place.'),
        simpleTool('broadway_tonight', ['city'], 'Shows playing in New York City tonight.'),
        simpleTool('read_file', ['path'], 'Read a file from disk.'),
      ]),
    ],
  });
});

afterEach(async () => {
  runtime.close();
  for (const pair of pairs.reverse()) await pair.close();
  provider.server.closeAllConnections();
  provider.server.close();
});

interface Warning {
  readonly message: string;
  readonly error: { readonly code: string };
}

async function browse(
  query: string,
  warnings: Warning[],
  options: { provider?: EmbeddingProvider; ranking?: 'auto' | 'hybrid' } = {},
): Promise<{ cards: ChoiceCard[]; ranking: string }> {
  const pair = await createTestPair(
    createGatewayServer(runtime, {
      embeddings: {
        provider:
          options.provider ??
          createOpenAiEmbeddingProvider({ baseUrl: provider.url, model: 'fake' }),
        onWarning: (warning) => warnings.push(warning),
        ranking: options.ranking ?? 'hybrid',
      },
    }),
  );
  pairs.push(pair);
  const result = await pair.client.callTool({
    name: 'tool_browse',
    arguments: { query, top_k: 2 },
  });
  expect(result.isError).toBeUndefined();
  return structured<{ cards: ChoiceCard[]; ranking: string }>(result);
}

describe('tool_browse with embeddings', () => {
  it('brings up by meaning a tool the words miss, says it is hybrid, and embeds each tool once', async () => {
    const lexical = runtime.catalog.route('temperature in New York City', 2);
    expect(lexical.map((card) => card.id.split('#')[0])).toEqual(['demo:broadway_tonight']);
    const warnings: Warning[] = [];
    const { cards, ranking } = await browse('temperature in New York City', warnings);
    expect(ranking).toBe('hybrid');
    expect(cards.map((card) => card.id.split('#')[0])).toEqual([
      'demo:weather_now',
      'demo:broadway_tonight',
    ]);
    expect(warnings).toEqual([]);
    expect(provider.inputs[0]).toHaveLength(3);
    expect(provider.inputs[0]).toContain(
      'demo weather_now: Current weather and forecast for a place.\nparameters: place',
    );
    expect(provider.inputs[1]).toEqual(['temperature in New York City']);
  });

  it('answers lexically, and says so, while the tools are being embedded', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: EmbeddingProvider = {
      id: 'slow',
      embed: async (texts) => {
        await released;
        return texts.map(() => Float32Array.of(1, 0));
      },
    };
    const answer = await browse('temperature in New York City', [], {
      provider: slow,
      ranking: 'auto',
    });
    expect(answer.ranking).toBe('lexical');
    expect(answer.cards).toEqual(runtime.catalog.route('temperature in New York City', 2));
    release();
  });

  it('answers with the lexical ranking and warns when the provider fails', async () => {
    provider.failing.on = true;
    const warnings: Warning[] = [];
    const { cards, ranking } = await browse('temperature in New York City', warnings);
    expect(ranking).toBe('lexical');
    expect(cards).toEqual(runtime.catalog.route('temperature in New York City', 2));
    expect(warnings.map((warning) => warning.error.code)).toContain('UNAVAILABLE');
  });

  it('embeds the tools once for every server a factory makes (one per session or request)', async () => {
    const factory = createGatewayServerFactory(runtime, {
      embeddings: {
        provider: createOpenAiEmbeddingProvider({ baseUrl: provider.url, model: 'fake' }),
        ranking: 'hybrid',
      },
    });
    for (const scope of ['caller-a', 'caller-b']) {
      const pair = await createTestPair(
        await factory({
          scope,
          sessionId: undefined,
          role: undefined,
          transport: 'http',
          era: 'modern',
        }),
      );
      pairs.push(pair);
      const result = await pair.client.callTool({
        name: 'tool_browse',
        arguments: { query: 'temperature in New York City', top_k: 2 },
      });
      expect(structured<{ cards: ChoiceCard[] }>(result).cards[0]?.id).toMatch(
        /^demo:weather_now#/,
      );
    }
    expect(provider.inputs.map((input) => input.length)).toEqual([3, 1]);
  });
});
