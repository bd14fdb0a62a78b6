import { describe, expect, it } from 'vitest';
import { matchBrackets, splitRegions } from '../../src/parser/scan-candidates.js';

function regionTexts(text: string): string[] {
  return splitRegions(text).map((region) => text.slice(region.start, region.end));
}

describe('splitRegions', () => {
  it('separates fenced blocks from the prose around them, keeping the opening line with the prose', () => {
    expect(regionTexts('before\n```json\n{"a":1}\n```\nafter')).toEqual([
      'before\n```json',
      '{"a":1}\n',
      'after',
    ]);
  });

  it('runs an unclosed fence to the end of the text', () => {
    expect(regionTexts('x\n~~~\n{"a":\n')).toEqual(['x\n~~~', '{"a":\n']);
  });

  it('does not close a backtick fence with tildes', () => {
    expect(regionTexts('```\na\n~~~\nb\n```\n')).toEqual(['```', 'a\n~~~\nb\n']);
  });
});

describe('matchBrackets', () => {
  const budget = () => ({ remainingChars: 10_000 });

  it('skips brackets inside strings and comments', () => {
    const text = '{"a": "}", /* } */ \'b\': \']\' // }\n}';
    expect(matchBrackets(text, 0, text.length, 10, budget())).toEqual({
      kind: 'span',
      end: text.length,
      closed: true,
    });
  });

  it('does not let an apostrophe inside a word open a string', () => {
    const text = "{ don't } rest";
    expect(matchBrackets(text, 0, text.length, 10, budget())).toEqual({
      kind: 'span',
      end: 9,
      closed: true,
    });
  });

  it('reports a mismatched closer, depth past the bound, and an exhausted budget', () => {
    expect(matchBrackets('{ ]', 0, 3, 10, budget())).toEqual({
      kind: 'span',
      end: 3,
      closed: false,
    });
    expect(matchBrackets('[[[]]]', 0, 6, 2, budget())).toEqual({ kind: 'too_deep' });
    expect(matchBrackets('{      }', 0, 8, 10, { remainingChars: 3 })).toEqual({
      kind: 'budget_exhausted',
    });
  });
});
