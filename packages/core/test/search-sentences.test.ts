import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchIndex } from '../src/search/index.js';
import { sentenceTerms, sentenceTexts } from '../src/search/sentences.js';
import { tokenize } from '../src/search/tokenize.js';

interface Tool {
  id: string;
  name: string;
  description: string;
}

const tools: Tool[] = [
  { id: 'forecast', name: 'getWeatherForecast', description: 'Weather forecast for a city.' },
  {
    id: 'station',
    name: 'getWeatherStation',
    description: 'The weather station nearest to a city.',
  },
  { id: 'sales', name: 'forecastSales', description: 'Forecast the sales of a city store.' },
  { id: 'guide', name: 'getCityGuide', description: 'A travel guide of a city.' },
  { id: 'email', name: 'sendEmail', description: 'Send an email message.' },
  { id: 'files', name: 'readFile', description: 'Read a file.' },
];

function createToolIndex() {
  const index = createSearchIndex<Tool, 'name' | 'description'>({
    fields: { name: { weight: 3 }, description: {} },
    id: (tool) => tool.id,
    text: (tool, field) => tool[field],
  });
  index.add(tools);
  return index;
}

describe('sentenceTerms', () => {
  it('splits at sentence ends and line breaks, joining short fragments to the next sentence', () => {
    expect(sentenceTerms('Get the weather forecast. Then send an email!', tokenize)).toEqual([
      ['get', 'weather', 'forecast'],
      ['send', 'email'],
    ]);
    expect(sentenceTerms('Hi. Read files\nwrite notes', tokenize)).toEqual([
      ['hi', 'read', 'file'],
      ['write', 'note'],
    ]);
    expect(sentenceTerms('Forecast weather. Thanks.', tokenize)).toEqual([
      ['forecast', 'weather', 'thank'],
    ]);
    expect(sentenceTerms('', tokenize)).toEqual([]);
  });

  it('keeps every term of the text, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(sentenceTerms(text, tokenize).flat()).toEqual(tokenize(text));
      }),
    );
  });
});

describe('sentenceTexts', () => {
  it('gives the sentences of sentenceTerms as text, fragments joined by a space', () => {
    expect(sentenceTexts('Hi. Read files\nwrite notes', tokenize)).toEqual([
      'Hi. Read files',
      'write notes',
    ]);
    expect(sentenceTexts('Forecast weather. Thanks.', tokenize)).toEqual([
      'Forecast weather. Thanks.',
    ]);
    expect(sentenceTexts('', tokenize)).toEqual([]);
  });

  it('holds, sentence by sentence, the terms sentenceTerms gives', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(sentenceTexts(text, tokenize).map((sentence) => tokenize(sentence))).toEqual(
          sentenceTerms(text, tokenize),
        );
      }),
    );
  });
});

describe('SearchOptions.sentences', () => {
  const query = 'Get the weather forecast for the city. Then email it to Ann.';

  it('lifts the tool of a step that the words of another step crowd out', () => {
    const index = createToolIndex();
    expect(index.search(query, { limit: 2 }).map((hit) => hit.id)).toEqual(['forecast', 'station']);
    expect(index.search(query, { limit: 2, sentences: true }).map((hit) => hit.id)).toEqual([
      'forecast',
      'email',
    ]);
  });

  it('leaves a one-sentence query with its plain scores', () => {
    const index = createToolIndex();
    const single = 'weather forecast for Paris';
    expect(index.search(single, { sentences: true })).toEqual(index.search(single));
  });

  it('scores a multi-sentence query at most 2, the best whole-query match above 1', () => {
    const hits = createToolIndex().search(query, { sentences: true, limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toBeLessThanOrEqual(2);
    expect(Math.max(...hits.map((hit) => hit.score))).toBeGreaterThan(1);
  });

  it('carries nothing into the next search when a custom tokenizer gives a sentence a term the whole query lacks', () => {
    // Word pairs: the sentence "read read." ends in the term `read+`, which the whole query
    // (`read+read`, `read+read`, `read+weather`, `weather+`) does not hold.
    const wordPairs = (text: string): string[] => {
      const words = tokenize(text);
      return words.map((word, index) => `${word}+${words[index + 1] ?? ''}`);
    };
    const create = () => {
      const index = createSearchIndex<{ id: string; tags: string }, 'tags'>({
        fields: { tags: { weight: 1 } },
        id: (document) => document.id,
        text: (document) => document.tags,
        tokenize: wordPairs,
      });
      index.add([
        { id: 'pair', tags: 'user_id' },
        { id: 'reader', tags: 'user_id read' },
      ]);
      return index;
    };
    const used = create();
    expect(used.search('read read. read weather', { sentences: true })).toEqual([]);
    const next = 'user_id. Tokyo weather';
    expect(used.search(next, { sentences: true })).toEqual(
      create().search(next, { sentences: true }),
    );
  });
});

describe('tokenize', () => {
  it('tokenizes words joined by a separator as it tokenizes each alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (left, right) => {
        expect(tokenize(`${left} ${right}`)).toEqual([...tokenize(left), ...tokenize(right)]);
      }),
    );
  });
});
