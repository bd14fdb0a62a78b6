import { describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.js';
import { createToolRanker, type RankableTool, type SemanticScores } from '../src/search/index.js';

const TOOLS: RankableTool[] = [
  {
    id: 'news:headlines',
    name: 'headlines',
    namespace: 'news',
    description: 'Latest news articles about a topic.',
  },
  {
    id: 'finance:quote',
    name: 'quote',
    namespace: 'finance',
    description: 'Stock price quote for a ticker symbol.',
  },
  {
    id: 'travel:flights',
    name: 'flights',
    namespace: 'travel',
    description: 'Search flights between two airports.',
  },
  {
    id: 'travel:hotels',
    name: 'hotels',
    namespace: 'travel',
    description: 'Find hotels in a city.',
  },
  {
    id: 'weather:get_forecast',
    name: 'get_forecast',
    namespace: 'weather',
    description: 'Temperature and wind for a city.',
    names: ['weather__get_forecast_1234abcd'],
  },
  {
    id: 'files:search',
    name: 'search',
    namespace: 'files',
    description: 'Search files on disk by name.',
  },
];

/** Similarities that put the forecast tool first for anything about rain. */
function semantic(ready = true): SemanticScores {
  return {
    ready,
    similarities: async (texts) =>
      texts.map((text) =>
        Float64Array.from(TOOLS, (tool) =>
          /rain/.test(text) && tool.id.startsWith('weather') ? 0.9 : 0.1,
        ),
      ),
  };
}

describe('createToolRanker', () => {
  it('gives each part of a task-shaped request its best tool near the top', () => {
    const ranker = createToolRanker({ tools: TOOLS });
    const { hits, parts } = ranker.rankLexical(
      'Show me the latest news about Tesla, and also the stock price quote for TSLA',
      2,
    );
    expect(parts).toBe(2);
    expect(hits.map((hit) => hit.id).sort()).toEqual(['finance:quote', 'news:headlines']);
  });

  it('ranks a tool first for a request equal to its name, client-safe name or id, or holding an identifier-shaped one', () => {
    const ranker = createToolRanker({ tools: TOOLS });
    expect(ranker.rankLexical('search', 1).hits[0]?.id).toBe('files:search');
    expect(ranker.rankLexical('weather__get_forecast_1234abcd', 1).hits[0]?.id).toBe(
      'weather:get_forecast',
    );
    expect(ranker.rankLexical('travel:hotels', 1).hits[0]?.id).toBe('travel:hotels');
    expect(ranker.rankLexical('call get_forecast for the hotels in Oslo', 1).hits[0]?.id).toBe(
      'weather:get_forecast',
    );
  });

  it('counts what a server says about itself toward its tools', () => {
    const without = createToolRanker({ tools: TOOLS }).rankLexical('airline itinerary', 5);
    expect(without.hits).toEqual([]);
    const withServer = createToolRanker({
      tools: TOOLS,
      servers: [
        {
          name: 'travel',
          title: 'Airline and hotel booking',
          description: 'Itinerary planning for trips',
        },
      ],
    }).rankLexical('airline itinerary', 5);
    expect(withServer.hits.map((hit) => hit.id)).toEqual(['travel:flights', 'travel:hotels']);
  });

  it('answers lexically while the vectors are pending, hybrid once ready, and as pinned', async () => {
    const query = 'will it rain in Oslo tomorrow';
    expect(
      (await createToolRanker({ tools: TOOLS, semantic: semantic(false) }).rank(query)).ranking,
    ).toBe('lexical');
    const ready = createToolRanker({ tools: TOOLS, semantic: semantic(true) });
    const hybrid = await ready.rank(query);
    expect(hybrid.ranking).toBe('hybrid');
    expect(hybrid.hits[0]?.id).toBe('weather:get_forecast');
    expect((await ready.rank(query, { ranking: 'lexical' })).ranking).toBe('lexical');
  });

  it('falls back to the lexical answer and says so when the model fails', async () => {
    const failures: CoreError[] = [];
    const ranker = createToolRanker({
      tools: TOOLS,
      semantic: {
        ready: true,
        similarities: async () => {
          throw new Error('down');
        },
      },
    });
    const result = await ranker.rank('hotels in Rome', {
      onFallback: (error) => failures.push(error),
    });
    expect(result.ranking).toBe('lexical');
    expect(result.hits[0]?.id).toBe('travel:hotels');
    expect(failures).toHaveLength(1);
  });

  it('answers the same hits for the same request, ties by id', () => {
    const ranker = createToolRanker({ tools: TOOLS });
    expect(ranker.rankLexical('city', 10)).toEqual(ranker.rankLexical('city', 10));
    expect(ranker.rankLexical('city', 10).hits.map((hit) => hit.id)).toEqual([
      'travel:hotels',
      'weather:get_forecast',
    ]);
  });

  it('refuses a bad weight with a typed error', () => {
    expect(() => createToolRanker({ tools: TOOLS, semanticWeight: -1 })).toThrow(CoreError);
  });
});
