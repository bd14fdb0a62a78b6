import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALL_STYLES,
  type CallDetection,
  createCallDetector,
  createCallParser,
  detectCall,
  type FunctionDefinition,
  formatCall,
} from '../../src/index.js';
import { bracketSoup } from './bracket-soup.js';

const NAMES = ['get_book', 'search-books', 'shop.get'];
const FUNCTIONS: FunctionDefinition[] = NAMES.map((name) => ({
  name,
  parameters: { type: 'object' },
}));
const parser = createCallParser({ functions: FUNCTIONS });

/** Wrappers models put around a call: none, code fences, tool-call tags. */
const WRAPPERS: [string, string][] = [
  ['', ''],
  ['```json\n', '\n```'],
  ['```\n', '\n```'],
  ['~~~json\n', '\n~~~'],
  ['<tool_call>\n', '\n</tool_call>'],
  ['<|python_tag|>', '<|eom_id|>'],
  ['[TOOL_CALLS]', ''],
];

/** Splits `text` at the given cut points, in order. */
function chunks(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let previous = 0;
  for (const point of points) {
    pieces.push(text.slice(previous, point));
    previous = point;
  }
  pieces.push(text.slice(previous));
  return pieces;
}

/** Every decision while `text` streams in `pieces`, and the prefix length at each. */
function stream(pieces: string[]): { detection: CallDetection; read: number }[] {
  const detector = createCallDetector({ names: NAMES });
  let read = 0;
  return pieces.map((piece) => {
    read += piece.length;
    return { detection: detector.push(piece), read };
  });
}

const argumentsArbitrary = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z_]{0,6}$/),
  fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 8 })),
  { maxKeys: 3 },
);

const PROSE = fc.stringMatching(/^[A-Za-z][A-Za-z ,.!?'\n]{0,60}$/);

describe('detectCall and createCallDetector', () => {
  it('reports a call in every style the parser reads, wrapped or not, before its text ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CALL_STYLES),
        fc.constantFrom(...NAMES),
        argumentsArbitrary,
        fc.constantFrom(...WRAPPERS),
        fc.array(fc.nat(), { maxLength: 6 }),
        (style, name, args, [before, after], cuts) => {
          const text = `${before}${formatCall({ name, arguments: args }, style)}${after}`;
          expect(parser.parse(text).status).toBe('calls');
          const decisions = stream(chunks(text, cuts));
          expect(decisions.at(-1)?.detection).toEqual({ status: 'call', textEnd: 0 });
          // Never prose before, and decided before the last character of the call.
          for (const { detection } of decisions) expect(detection.status).not.toBe('text');
          const full = detectCall(text, NAMES);
          expect(full).toEqual({ status: 'call', textEnd: 0 });
          const json = formatCall({ name, arguments: args }, style);
          expect(detectCall(`${before}${json.slice(0, -1)}`, NAMES).status).toBe('call');
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('shows prose at once, and stops showing where a call after it starts', () => {
    fc.assert(
      fc.property(
        PROSE,
        fc.constantFrom(...CALL_STYLES),
        fc.array(fc.nat(), { maxLength: 6 }),
        (prose, style, cuts) => {
          const call = formatCall({ name: 'get_book', arguments: { isbn: '1' } }, style);
          const text = `${prose}\n${call}`;
          const decisions = stream(chunks(text, cuts));
          for (const { detection, read } of decisions) {
            if (read === 0) continue;
            expect(detection.status).not.toBe('undecided');
            expect(detection.textEnd).toBeLessThanOrEqual(prose.length + 1);
            if (read <= prose.length) expect(detection).toEqual({ status: 'text', textEnd: read });
          }
          expect(decisions.at(-1)?.detection).toEqual({
            status: 'call',
            textEnd: prose.length + 1,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads JSON data and bracketed prose as text once it closes, as the parser does', () => {
    const data = fc.dictionary(
      fc
        .stringMatching(/^[a-z]{1,6}$/)
        .filter((key) => !['tool', 'name', 'type', 'action'].includes(key)),
      fc.oneof(fc.integer(), fc.string({ maxLength: 6 })),
      { minKeys: 1, maxKeys: 4 },
    );
    fc.assert(
      fc.property(data, (value) => {
        const text = `Here it is: ${JSON.stringify(value)} and more.`;
        expect(parser.parse(text).status).toBe('no_call');
        expect(detectCall(text, NAMES)).toEqual({ status: 'text', textEnd: text.length });
      }),
    );
    for (const text of [
      'You asked about the set {Dune, Emma}.',
      'See [the catalogue](https://example.org) and [1].',
      'Your shopping list is {"tool": "hammer", "count": 2}.',
      'Use `x < y` here.',
    ]) {
      expect(detectCall(text, NAMES)).toEqual({ status: 'text', textEnd: text.length });
    }
  });

  it('waits on a start that may still become a call, and on a half-written fence or tag', () => {
    for (const text of ['', '   ', '{', '{"na', '```', '```json', '<tool_', '[TOOL']) {
      expect(detectCall(text, NAMES)).toEqual({
        status: 'undecided',
        textEnd: text.trimStart() === '' ? text.length : text.length - text.trimStart().length,
      });
    }
    expect(detectCall('Sure. {"tool": "get_b', NAMES)).toEqual({ status: 'text', textEnd: 6 });
  });

  it('never throws and answers within bounds for any text', () => {
    fc.assert(
      fc.property(bracketSoup(80, ['~', '<', 'tool', 'arguments']), (text) => {
        const detection = detectCall(text, NAMES);
        expect(['undecided', 'text', 'call']).toContain(detection.status);
        expect(detection.textEnd).toBeGreaterThanOrEqual(0);
        expect(detection.textEnd).toBeLessThanOrEqual(text.length);
        expect(detectCall(text, NAMES)).toEqual(detection);
      }),
      { numRuns: 2_000 },
    );
  });
});
