import { countTokens, truncateToTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import {
  appendMark,
  countJoinedTokens,
  countLinesTokens,
  countLineTokens,
  countSpacedLineTokens,
  countTextEnds,
  countTokensCached,
  exceedsTokens,
  fitsWithoutCounting,
  fitsWithoutEncoding,
  truncateToTokensCached,
} from '../../src/cards/token-count.js';
import { anyText } from '../arbitraries.js';
import { referenceServerTools } from '../fixtures.js';

const descriptions = Object.values(referenceServerTools()).flatMap(({ tools }) =>
  tools.map((tool) => `${tool.name}: ${tool.description ?? ''}`),
);

const prose = fc
  .array(
    fc.constantFrom(
      'read',
      ' the',
      ' file',
      '_name',
      'getHTTPResponse',
      ' 12345',
      '  ',
      '\n\n',
      '…',
      ' 天气',
      "'s",
      ' x'.repeat(40),
      'a'.repeat(70),
      '!?.',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('countTokensCached', () => {
  it('counts real tool descriptions exactly like core', () => {
    for (const text of descriptions) expect(countTokensCached(text)).toBe(countTokens(text));
  });

  it('equals core for any text, long pieces and control characters included (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(300), prose), (text) => {
        expect(countTokensCached(text)).toBe(countTokens(text));
      }),
      { numRuns: 300 },
    );
  });
});

/** Lines as browse answers hold them: card renderings, with hostile lines mixed in. */
const cardLine = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,20}:[A-Za-z_][A-Za-z0-9_]{0,24}#[0-9a-f]{8}$/),
      fc.constantFrom(
        ': ',
        '.',
        '…',
        ' [tags: a, b]',
        ' [no arguments]',
        ' [side effects]',
        ']',
        '!?',
      ),
      prose,
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

describe('countLinesTokens', () => {
  it('equals the count of the joined lines, first call and cached call alike (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(cardLine, anyText(80)), { maxLength: 12 }), (lines) => {
        const expected = countTokensCached(lines.join('\n'));
        expect(countLinesTokens(lines)).toBe(expected);
        expect(countLinesTokens(lines)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('counts a line alone like the whole count, its counts kept or not (property)', () => {
    fc.assert(
      fc.property(fc.oneof(cardLine, anyText(80)), (line) => {
        expect(countLineTokens(line)).toBe(countTokensCached(line));
        expect(countLinesTokens([line, line])).toBe(countTokensCached(`${line}\n${line}`));
      }),
      { numRuns: 500 },
    );
  });

  it('counts lines ending in punctuation, which swallows the line break into its piece', () => {
    const lines = [
      '2 tools, best first:',
      'a:b#0a1b2c3d: Reads.',
      'c:d#4e5f6a7b [no arguments]',
      'x  ',
      'y',
    ];
    expect(countLinesTokens(lines)).toBe(countTokens(lines.join('\n')));
  });
});

const tiktoken = new Tiktoken(cl100kBase);
const preTokenPattern = new RegExp(cl100kBase.pat_str, 'gu');

describe('countTextEnds', () => {
  it('counts like core and js-tiktoken and names the first and last pre-tokens (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(120), prose, cardLine), (text) => {
        const counted = countTextEnds(text);
        expect(counted.text).toBe(text);
        expect(counted.tokens).toBe(countTokens(text));
        const pieces = [...text.matchAll(preTokenPattern)].map(([piece]) => piece);
        if (pieces.some((piece) => piece.length > 64) || pieces.length === 0) {
          expect(counted.ends).toBeUndefined();
        } else {
          expect(counted.tokens).toBe(tiktoken.encode(text, [], []).length);
          expect(counted.ends).toEqual([pieces[0], pieces.at(-1)]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('joining counted texts', () => {
  const part = fc.oneof(
    prose,
    cardLine,
    anyText(40),
    fc.constantFrom('', ' [tags: a, b]', ' [no arguments]', 'x', 'a.b…', ' '),
  );

  it('counts two texts together as core counts their concatenation (property)', () => {
    fc.assert(
      fc.property(part, part, (left, right) => {
        expect(countJoinedTokens(countTextEnds(left), countTextEnds(right))).toBe(
          countTokens(left + right),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('appends a mark as countTextEnds counts the longer text (property)', () => {
    fc.assert(
      fc.property(part, fc.constantFrom(':', '.', '…', '!', 'a', ' '), (text, mark) => {
        expect(appendMark(countTextEnds(text), mark)).toEqual(countTextEnds(text + mark));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('countSpacedLineTokens', () => {
  /** Heads, bodies and tails as card lines have them, with hostile parts mixed in. */
  const head = fc.oneof(
    fc.stringMatching(
      /^[a-z][a-z0-9-]{0,20}:[A-Za-z_][A-Za-z0-9_.…-]{0,30}( \((agent|skill)\))?:$/,
    ),
    anyText(20),
  );
  const body = fc.oneof(
    prose,
    anyText(60),
    fc.stringMatching(/^[A-Za-zé漢][a-z .,!?…'()0-9-]{0,60}$/),
  );
  const tail = fc.oneof(
    fc.constantFrom(
      '',
      ' [tags: a, b]',
      ' [no arguments]',
      ' [side effects] [cost: 2]',
      ' [read-only]',
    ),
    anyText(12),
  );

  it('counts the joined line as js-tiktoken does and keeps its counts for the answer (property)', () => {
    fc.assert(
      fc.property(head, body, tail, (headText, bodyText, tailText) => {
        const line = `${headText} ${bodyText}${tailText}`;
        const expected = countTokens(line);
        expect(
          countSpacedLineTokens(
            countTextEnds(headText),
            countTextEnds(bodyText),
            countTextEnds(tailText),
          ),
        ).toBe(expected);
        if (![...line.matchAll(preTokenPattern)].some(([piece]) => piece.length > 64)) {
          expect(expected).toBe(tiktoken.encode(line, [], []).length);
        }
        expect(countLineTokens(line)).toBe(expected);
        expect(countLinesTokens(['preamble:', line, line])).toBe(
          countTokens(`preamble:\n${line}\n${line}`),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('counts lines whose description is one word, ends in punctuation or has no tail', () => {
    const cases: [string, string, string][] = [
      ['a:b#0a1b2c3d:', 'Reads', ''],
      ['a:b#0a1b2c3d:', 'Reads.', ''],
      ['a:b#0a1b2c3d:', 'Reads the file …', ' [no arguments]'],
      ['a:b (agent):', 'Plans trips, e.g.', ' [tags: travel]'],
      ['a:b:', '漢字 text!?', ''],
      ['a:…:', 'Word', ' [read-only]'],
    ];
    for (const [headText, bodyText, tailText] of cases) {
      const line = `${headText} ${bodyText}${tailText}`;
      expect(
        countSpacedLineTokens(
          countTextEnds(headText),
          countTextEnds(bodyText),
          countTextEnds(tailText),
        ),
      ).toBe(tiktoken.encode(line, [], []).length);
      expect(countLinesTokens([line, 'next'])).toBe(
        tiktoken.encode(`${line}\nnext`, [], []).length,
      );
    }
  });
});

describe('truncateToTokensCached', () => {
  it('cuts exactly where core cuts the whole text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(300), prose), fc.integer({ min: 0, max: 60 }), (text, max) => {
        expect(truncateToTokensCached(text, max)).toBe(truncateToTokens(text, max));
      }),
      { numRuns: 300 },
    );
  });
});

describe('cheap bounds', () => {
  it('only says a text fits when it really does (property)', () => {
    fc.assert(
      fc.property(anyText(200), fc.integer({ min: 0, max: 100 }), (text, limit) => {
        if (fitsWithoutCounting(text, limit)) expect(countTokens(text)).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });

  it('only says a text fits without the encoder when it really does (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyText(200), prose),
        fc.integer({ min: 0, max: 100 }),
        (text, limit) => {
          if (fitsWithoutEncoding(text, limit)) {
            expect(countTokens(text)).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('proves without the encoder that a card skeleton longer than its budget in bytes fits', () => {
    const skeleton =
      'fashion-fashion-entrepreneurship:getEntrepreneurshipTips#7d2cd1d1 [no arguments]';
    expect(fitsWithoutCounting(skeleton, 72)).toBe(false);
    expect(fitsWithoutEncoding(skeleton, 72)).toBe(true);
  });

  it('judges the limit like an exact count on ordinary text (property)', () => {
    fc.assert(
      fc.property(prose, fc.integer({ min: 0, max: 80 }), (text, limit) => {
        expect(exceedsTokens(text, limit)).toBe(countTokens(text) > limit);
        const bytes = Buffer.byteLength(text, 'utf8');
        expect(exceedsTokens(text, limit, bytes)).toBe(countTokens(text) > limit);
      }),
      { numRuns: 300 },
    );
  });

  it('decides on a huge text without reading all of it', () => {
    const huge = `${'word '.repeat(2_000_000)}`;
    const started = performance.now();
    expect(exceedsTokens(huge, 1_000)).toBe(true);
    expect(exceedsTokens('Z'.repeat(5_000_000), 1_000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
