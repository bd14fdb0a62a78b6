import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOpenAiEmbeddingProvider,
  createWordVectorProvider,
  type EmbeddingProvider,
  type HybridWarning,
} from '@x/core/embeddings';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import {
  createGatewayServer,
  createGatewayServerFactory,
} from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { createTestPair, fakeUpstream, simpleTool, structured, type TestPair } from '../helpers.js';

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

async function browse(
  query: string,
  warnings: HybridWarning[],
  options: { provider?: EmbeddingProvider; fusion?: 'rank' | 'score' } = {},
): Promise<ChoiceCard[]> {
  const pair = await createTestPair(
    createGatewayServer(runtime, {
      embeddings: {
        provider:
          options.provider ??
          createOpenAiEmbeddingProvider({ baseUrl: provider.url, model: 'fake' }),
        onWarning: (warning) => warnings.push(warning),
        ...(options.fusion === undefined ? {} : { fusion: options.fusion }),
      },
    }),
  );
  pairs.push(pair);
  const result = await pair.client.callTool({
    name: 'tool_browse',
    arguments: { query, top_k: 2 },
  });
  expect(result.isError).toBeUndefined();
  return structured<{ cards: ChoiceCard[] }>(result).cards;
}

describe('tool_browse with embeddings', () => {
  it('brings up by meaning a tool the words miss, and embeds each tool once', async () => {
    const lexical = runtime.catalog.route('temperature in New York City', 2);
    expect(lexical.map((card) => card.id.split('#')[0])).toEqual(['demo:broadway_tonight']);
    const warnings: HybridWarning[] = [];
    const cards = await browse('temperature in New York City', warnings);
    expect(cards.map((card) => card.id.split('#')[0])).toEqual([
      'demo:broadway_tonight',
      'demo:weather_now',
    ]);
    expect(warnings).toEqual([]);
    expect(provider.inputs[0]).toHaveLength(3);
    expect(provider.inputs[0]?.[2]).toBe(
      'demo weather_now: Current weather and forecast for a place.\nparameters: place',
    );
    expect(provider.inputs[1]).toEqual(['temperature in New York City']);
  });

  it('answers with the lexical ranking and warns when the provider fails', async () => {
    provider.failing.on = true;
    const warnings: HybridWarning[] = [];
    const cards = await browse('temperature in New York City', warnings);
    expect(cards).toEqual(runtime.catalog.route('temperature in New York City', 2));
    expect(warnings.map((warning) => warning.error.code)).toEqual(['UNAVAILABLE']);
  });

  it('ranks with in-process word vectors by score fusion, a clear lexical match first', async () => {
    const words: [string, number[]][] = [
      ['weather', [1, 0, 0.1]],
      ['temperature', [0.9, 0.1, 0]],
      ['shows', [0, 1, 0]],
      ['file', [0.1, 0, 1]],
    ];
    const wordVectors = createWordVectorProvider({
      table: {
        dimensions: 3,
        words: words.map(([word]) => word),
        vectors: Float32Array.from(words.flatMap(([, vector]) => vector)),
      },
      name: 'tiny',
      removedComponents: 0,
    });
    const warnings: HybridWarning[] = [];
    const byMeaning = await browse('temperature', warnings, {
      provider: wordVectors,
      fusion: 'score',
    });
    expect(byMeaning[0]?.id.split('#')[0]).toBe('demo:weather_now');
    const byWords = await browse('read a file from disk', warnings, {
      provider: wordVectors,
      fusion: 'score',
    });
    expect(byWords[0]?.id.split('#')[0]).toBe('demo:read_file');
    expect(warnings).toEqual([]);
  });

  it('embeds the tools once for every server a factory makes (one per session or request)', async () => {
    const factory = createGatewayServerFactory(runtime, {
      embeddings: {
        provider: createOpenAiEmbeddingProvider({ baseUrl: provider.url, model: 'fake' }),
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
      expect(structured<{ cards: ChoiceCard[] }>(result).cards[1]?.id).toMatch(
        /^demo:weather_now#/,
      );
    }
    expect(provider.inputs.map((input) => input.length)).toEqual([3, 1]);
  });
});
