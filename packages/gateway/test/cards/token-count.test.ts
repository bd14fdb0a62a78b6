import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countLinesTokens,
  countLineTokens,
  fitsWithoutEncoding,
} from '../../src/cards/token-count.js';
import { anyText } from '../arbitraries.js';

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
        const expected = countTokens(lines.join('\n'));
        expect(countLinesTokens(lines)).toBe(expected);
        expect(countLinesTokens(lines)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('counts a line alone like the whole count, its counts kept or not (property)', () => {
    fc.assert(
      fc.property(fc.oneof(cardLine, anyText(80)), (line) => {
        expect(countLineTokens(line)).toBe(countTokens(line));
        expect(countLinesTokens([line, line])).toBe(countTokens(`${line}\n${line}`));
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

describe('fitsWithoutEncoding', () => {
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
    expect(Buffer.byteLength(skeleton, 'utf8')).toBeGreaterThan(72);
    expect(fitsWithoutEncoding(skeleton, 72)).toBe(true);
  });
});
