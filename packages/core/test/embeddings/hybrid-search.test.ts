import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmbeddingCache,
  createHybridSearch,
  createOpenAiEmbeddingProvider,
  type EmbeddingProvider,
  type HybridWarning,
} from '../../src/embeddings/index.js';
import { CoreError } from '../../src/errors.js';
import { createSearchIndex } from '../../src/search/index.js';
import { type FakeEmbeddingServer, startFakeEmbeddingServer } from './fake-embedding-server.js';

interface Tool {
  name: string;
  description: string;
}

const TOOLS: Tool[] = [
  { name: 'weather_now', description: 'Current weather and forecast for a city.' },
  { name: 'broadway_shows', description: 'Theatre shows playing in New York City tonight.' },
  { name: 'finance_quotes', description: 'Quotes for stocks and crypto.' },
  { name: 'flat_finder', description: 'Apartments to rent near you.' },
  { name: 'translator', description: 'Translate text between languages.' },
];

function lexicalIndex(tools: readonly Tool[]) {
  const index = createSearchIndex<Tool, 'name' | 'description'>({
    fields: { name: { weight: 3 }, description: {} },
    id: (tool) => tool.name,
    text: (tool, field) => tool[field],
  });
  index.add(tools);
  return index;
}

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

function hybrid(options: {
  provider?: EmbeddingProvider;
  cache?: ReturnType<typeof createEmbeddingCache>;
  warnings?: HybridWarning[];
}) {
  return createHybridSearch<Tool>({
    documents: TOOLS,
    id: (tool) => tool.name,
    embeddingText: (tool) => `${tool.name} ${tool.description}`,
    lexical: lexicalIndex(TOOLS),
    provider:
      options.provider ?? createOpenAiEmbeddingProvider({ baseUrl: server.baseUrl, model: 'fake' }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    onWarning: (warning) => options.warnings?.push(warning),
  });
}

describe('createHybridSearch', () => {
  it('finds by meaning what the words miss, fused with the lexical ranking', async () => {
    server.behave('ok');
    const query = 'what is the temperature in New York City';
    expect(lexicalIndex(TOOLS).search(query)[0]?.id).toBe('broadway_shows');
    const result = await hybrid({}).search(query, { limit: 2 });
    expect(result.mode).toBe('hybrid');
    expect(result.hits.map((hit) => hit.id).sort()).toEqual(['broadway_shows', 'weather_now']);
    expect(result.hits[0]?.document).toBe(TOOLS.find((tool) => tool.name === result.hits[0]?.id));
  });

  it('embeds each document once, then only queries, and reuses a shared cache by content', async () => {
    server.behave('ok');
    const cache = createEmbeddingCache();
    const first = hybrid({ cache });
    const before = server.inputs.length;
    await first.search('bitcoin price');
    await first.search('bitcoin price');
    await first.search('rent');
    expect(server.inputs.slice(before)).toEqual([
      TOOLS.map((tool) => `${tool.name} ${tool.description}`),
      ['bitcoin price'],
      ['rent'],
    ]);
    const again = server.inputs.length;
    await hybrid({ cache }).search('rent');
    expect(server.inputs.length).toBe(again);
  });

  it('embeds the documents once for searches that start together', async () => {
    server.behave('ok');
    const search = hybrid({});
    const before = server.inputs.length;
    const results = await Promise.all([search.search('rent'), search.search('bitcoin')]);
    expect(results.map((result) => result.mode)).toEqual(['hybrid', 'hybrid']);
    const documentRuns = server.inputs
      .slice(before)
      .filter((input) => input.length === TOOLS.length);
    expect(documentRuns).toHaveLength(1);
  });

  it('falls back to the lexical ranking with a warning when the provider fails, and recovers', async () => {
    const warnings: HybridWarning[] = [];
    const search = hybrid({ warnings });
    server.behave('status-500');
    const fallback = await search.search('translate languages', { limit: 3 });
    expect(fallback.mode).toBe('lexical');
    expect(fallback.hits.map((hit) => hit.id)).toEqual(
      lexicalIndex(TOOLS)
        .search('translate languages', { limit: 3 })
        .map((hit) => hit.id),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.error.code).toBe('UNAVAILABLE');
    expect(warnings[0]?.message).toContain('lexical');
    server.behave('ok');
    expect((await search.search('translate languages')).mode).toBe('hybrid');
  });

  it('falls back when a provider breaks its contract', async () => {
    const warnings: HybridWarning[] = [];
    const broken: EmbeddingProvider = {
      id: 'broken',
      embed: async (texts) => texts.slice(1).map(() => Float32Array.of(1)),
    };
    const throwing: EmbeddingProvider = {
      id: 'throwing',
      embed: async () => {
        throw new TypeError('boom');
      },
    };
    for (const provider of [broken, throwing]) {
      const result = await hybrid({ provider, warnings }).search('weather');
      expect(result.mode).toBe('lexical');
      expect(result.hits[0]?.id).toBe('weather_now');
    }
    expect(warnings.map((warning) => warning.error.code)).toEqual([
      'UPSTREAM_ERROR',
      'UPSTREAM_ERROR',
    ]);
  });

  it('passes a cancellation through instead of falling back', async () => {
    server.behave('ok');
    const error = await hybrid({})
      .search('weather', { signal: AbortSignal.abort() })
      .catch((reason: unknown) => reason);
    expect(CoreError.isInstance(error) && error.code).toBe('CANCELLED');
  });

  it('gives the same order for the same query', async () => {
    server.behave('ok');
    const search = hybrid({});
    const first = await search.search('stocks and weather for the city', { limit: 5 });
    const second = await search.search('stocks and weather for the city', { limit: 5 });
    expect(second).toEqual(first);
  });

  it('rejects a bad depth, fusion k or limit with INVALID_ARGUMENT', async () => {
    const base = {
      documents: TOOLS,
      id: (tool: Tool) => tool.name,
      embeddingText: (tool: Tool) => tool.name,
      lexical: lexicalIndex(TOOLS),
      provider: createOpenAiEmbeddingProvider({ baseUrl: server.baseUrl, model: 'fake' }),
    };
    expect(() => createHybridSearch({ ...base, depth: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => createHybridSearch({ ...base, fusionK: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => createHybridSearch({ ...base, semanticWeight: -0.1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => createHybridSearch({ ...base, fusion: 'mean' as unknown as 'score' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    await expect(createHybridSearch(base).search('weather', { limit: -1 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  describe("with fusion: 'score'", () => {
    /** Puts weather words on one axis and everything else on the other. */
    const meaning: EmbeddingProvider = {
      id: 'meaning',
      embed: async (texts) =>
        texts.map((text) =>
          /weather|temperature/.test(text) ? Float32Array.of(1, 0) : Float32Array.of(0.6, 0.8),
        ),
    };
    function scored(semanticWeight?: number) {
      return createHybridSearch<Tool>({
        documents: TOOLS,
        id: (tool) => tool.name,
        embeddingText: (tool) => `${tool.name} ${tool.description}`,
        lexical: lexicalIndex(TOOLS),
        provider: meaning,
        fusion: 'score',
        ...(semanticWeight === undefined ? {} : { semanticWeight }),
      });
    }

    it('adds the weighted cosine to the lexical score share, keeping a clear lexical match first', async () => {
      const query = 'broadway shows tonight temperature';
      const { hits, mode } = await scored().search(query, { limit: 2 });
      expect(mode).toBe('hybrid');
      expect(hits.map((hit) => hit.id)).toEqual(['broadway_shows', 'weather_now']);
      expect(hits[0]?.score).toBeCloseTo(1 + 0.3 * 0.6, 6);
      expect(hits[1]?.score).toBeCloseTo(0.3, 6);
    });

    it('lets meaning decide when the words match nothing, and ranks by the words alone at weight 0', async () => {
      expect((await scored().search('temperature', { limit: 1 })).hits[0]?.id).toBe('weather_now');
      const lexicalOnly = await scored(0).search('quotes for stocks', { limit: 5 });
      expect(lexicalOnly.hits.map((hit) => hit.id)).toEqual(['finance_quotes']);
    });
  });

  describe("with fusion: 'normalized'", () => {
    /** Weather, translation and everything else, each on its own axis; records what it embeds. */
    function meaning(seen: string[]): EmbeddingProvider {
      return {
        id: 'meaning-3',
        embed: async (texts) => {
          seen.push(...texts);
          return texts.map((text) => {
            const weather = /weather|forecast|rain/i.test(text) ? 1 : 0;
            const language = /translat|french|language/i.test(text) ? 1 : 0;
            return Float32Array.of(weather, language, weather + language === 0 ? 1 : 0.2);
          });
        },
      };
    }
    function normalized(seen: string[], provider: EmbeddingProvider = meaning(seen)) {
      return createHybridSearch<Tool>({
        documents: TOOLS,
        id: (tool) => tool.name,
        embeddingText: (tool) => `${tool.name} ${tool.description}`,
        lexical: lexicalIndex(TOOLS),
        provider,
        fusion: 'normalized',
      });
    }

    it('matches each sentence of a multi-step request on its own, embedding each sentence', async () => {
      const seen: string[] = [];
      const query = 'Will it rain in Paris? Then put the answer into French.';
      const { hits, mode } = await normalized(seen).search(query, { limit: 2, sentences: true });
      expect(mode).toBe('hybrid');
      expect(hits.map((hit) => hit.id).sort()).toEqual(['translator', 'weather_now']);
      expect(seen.slice(TOOLS.length)).toEqual([
        query,
        'Will it rain in Paris?',
        'Then put the answer into French.',
      ]);
    });

    it('embeds only the whole query without the sentences option', async () => {
      const seen: string[] = [];
      await normalized(seen).search('Will it rain in Paris? Then put it into French.', {
        limit: 2,
      });
      expect(seen.slice(TOOLS.length)).toEqual(['Will it rain in Paris? Then put it into French.']);
    });

    it('keeps a clear lexical match first', async () => {
      const { hits } = await normalized([]).search('quotes for stocks and crypto', { limit: 1 });
      expect(hits[0]?.id).toBe('finance_quotes');
    });

    it('falls back to the lexical ranking, by sentence, when the provider fails', async () => {
      const warnings: HybridWarning[] = [];
      const failing: EmbeddingProvider = {
        id: 'failing',
        embed: async () => {
          throw new CoreError({ code: 'UNAVAILABLE', message: 'down' });
        },
      };
      const search = createHybridSearch<Tool>({
        documents: TOOLS,
        id: (tool) => tool.name,
        embeddingText: (tool) => tool.name,
        lexical: lexicalIndex(TOOLS),
        provider: failing,
        fusion: 'normalized',
        onWarning: (warning) => warnings.push(warning),
      });
      const query = 'Current weather for a city. Translate text to French.';
      const result = await search.search(query, { limit: 3, sentences: true });
      expect(result.mode).toBe('lexical');
      expect(result.hits.map((hit) => hit.id)).toEqual(
        lexicalIndex(TOOLS)
          .search(query, { limit: 3, sentences: true })
          .map((hit) => hit.id),
      );
      expect(warnings).toHaveLength(1);
    });
  });
});
