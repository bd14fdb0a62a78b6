import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestParts, tokenize } from '../src/search/index.js';

describe('requestParts', () => {
  it('splits a request at clause breaks: , and / also / then / as well as / ;', () => {
    expect(
      requestParts(
        'Show me the latest news about Tesla, and also tell me the stock price of Tesla',
        tokenize,
      ),
    ).toEqual(['Show me the latest news about Tesla', 'tell me the stock price of Tesla']);
    expect(
      requestParts('book a flight to Rome then reserve a hotel near the station', tokenize),
    ).toEqual(['book a flight to Rome', 'reserve a hotel near the station']);
  });

  it('keeps a plain "and" between two nouns in one part', () => {
    expect(requestParts('news and weather for Paris today', tokenize)).toEqual([
      'news and weather for Paris today',
    ]);
  });

  it('joins a fragment too short to stand alone to its neighbour', () => {
    expect(requestParts('find cheap flights to Lisbon; thanks', tokenize)).toEqual([
      'find cheap flights to Lisbon thanks',
    ]);
  });

  it('keeps every term of the request but the clause breaks, in order, and is deterministic (property)', () => {
    const words = [
      'find',
      'hotel',
      'and',
      'also',
      'then',
      ',',
      ';',
      '. ',
      'price',
      'of',
      'gold',
      'news',
      'can',
      'plus',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 30 }), (chosen) => {
        const text = chosen.join(' ');
        const parts = requestParts(text, tokenize);
        const breaks = new Set(['also']);
        expect(parts.flatMap((part) => tokenize(part)).filter((term) => !breaks.has(term))).toEqual(
          tokenize(text).filter((term) => !breaks.has(term)),
        );
        expect(requestParts(text, tokenize)).toEqual(parts);
      }),
    );
  });
});
