import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCallParser, type FunctionDefinition } from '../../src/index.js';

interface GeneratedInput {
  prefix?: string;
  repeat: string;
  times: number;
  suffix?: string;
}

interface CorpusCase {
  id: string;
  model: string;
  functionSet: string;
  note: string;
  input: string | GeneratedInput;
  expected:
    | { status: 'no_call' }
    | { status: 'calls'; calls: { name: string; arguments: Record<string, unknown> }[] }
    | {
        status: 'malformed';
        reasons: string[];
        validCalls?: { name: string; arguments: Record<string, unknown> }[];
      };
}

interface Corpus {
  functionSets: Record<string, FunctionDefinition[]>;
  cases: CorpusCase[];
}

const corpus = JSON.parse(
  readFileSync(new URL('../fixtures/parser-corpus.json', import.meta.url), 'utf8'),
) as Corpus;

const parsers = new Map(
  Object.entries(corpus.functionSets).map(([name, functions]) => [
    name,
    createCallParser({ functions }),
  ]),
);

function inputText(input: CorpusCase['input']): string {
  if (typeof input === 'string') return input;
  return `${input.prefix ?? ''}${input.repeat.repeat(input.times)}${input.suffix ?? ''}`;
}

describe('the parser corpus', () => {
  it('holds at least 40 cases covering every outcome', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(40);
    const statuses = new Set(corpus.cases.map((entry) => entry.expected.status));
    expect([...statuses].sort()).toEqual(['calls', 'malformed', 'no_call']);
  });

  it.each(corpus.cases.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    const parser = parsers.get(entry.functionSet);
    if (parser === undefined) throw new Error(`unknown function set ${entry.functionSet}`);
    const started = performance.now();
    const result = parser.parse(inputText(entry.input));
    expect(performance.now() - started).toBeLessThan(2_000);
    const expected = entry.expected;
    expect(result.status).toBe(expected.status);
    if (result.status === 'calls' && expected.status === 'calls') {
      expect(result.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual(
        expected.calls,
      );
    }
    if (result.status === 'malformed' && expected.status === 'malformed') {
      const reasons = result.issues.map((issue) => issue.reason);
      for (const reason of expected.reasons) expect(reasons).toContain(reason);
      expect(result.retryPrompt).toContain('could not be used');
      if (expected.validCalls !== undefined) {
        expect(
          result.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
        ).toEqual(expected.validCalls);
      }
    }
  });
});
