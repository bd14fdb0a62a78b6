import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../src/official/baseline.js';
import { compareWithBaseline, type TargetResults } from '../../src/official/compare.js';

const pass = (scenario: string) => ({ scenario, passed: true, messages: [] });
const fail = (scenario: string, message = 'Failed: Method not found') => ({
  scenario,
  passed: false,
  messages: [message],
});

function run(target: string, results: TargetResults['results']): TargetResults {
  return { target, required: ['ping', 'tools-list'], results };
}

const KNOWN = ['a', 'b'];

describe('compareWithBaseline', () => {
  it('accepts failures the baseline expects, through * or by target, and counts them', () => {
    const baseline = parseBaseline('tools-call-image * fixture\nprompts-list b no prompts');
    const comparison = compareWithBaseline(
      [
        run('a', [
          pass('ping'),
          pass('tools-list'),
          fail('tools-call-image'),
          pass('prompts-list'),
        ]),
        run('b', [
          pass('ping'),
          pass('tools-list'),
          fail('tools-call-image'),
          fail('prompts-list'),
        ]),
      ],
      baseline,
      KNOWN,
    );
    expect(comparison).toEqual({
      targets: [
        { target: 'a', passed: 3, expectedFailures: 1 },
        { target: 'b', passed: 2, expectedFailures: 2 },
      ],
      problems: [],
    });
  });

  it('reports a failure the baseline does not expect, with the suite messages', () => {
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list'), fail('resources-list', 'ResourcesList: bad')])],
      [],
      KNOWN,
    );
    expect(comparison.problems).toEqual([
      {
        kind: 'new-failure',
        target: 'a',
        scenario: 'resources-list',
        messages: ['ResourcesList: bad'],
      },
    ]);
  });

  it('reports a stale line when an expected failure passes or is no longer run', () => {
    const baseline = parseBaseline(
      'tools-call-image a fixture\ncompletion-complete * not declared',
    );
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list'), pass('tools-call-image')])],
      baseline,
      KNOWN,
    );
    expect(comparison.problems).toEqual([
      { kind: 'stale', target: 'a', scenario: 'tools-call-image', line: 1, outcome: 'passed' },
      { kind: 'stale', target: 'a', scenario: 'completion-complete', line: 2, outcome: 'not-run' },
    ]);
  });

  it('refuses a baseline line that hides a required scenario, even when it fails as listed', () => {
    const baseline = parseBaseline('tools-list * hidden');
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), fail('tools-list')])],
      baseline,
      KNOWN,
    );
    expect(comparison.problems).toEqual([
      { kind: 'required-in-baseline', target: 'a', scenario: 'tools-list', line: 1 },
      {
        kind: 'new-failure',
        target: 'a',
        scenario: 'tools-list',
        messages: ['Failed: Method not found'],
      },
    ]);
  });

  it('reports a required scenario the suite did not run and a line naming an unknown target', () => {
    const baseline = parseBaseline('prompts-list zzz typo in the target');
    const comparison = compareWithBaseline([run('a', [pass('ping')])], baseline, KNOWN);
    expect(comparison.problems).toEqual([
      { kind: 'unknown-target', target: 'zzz', line: 1 },
      { kind: 'required-not-run', target: 'a', scenario: 'tools-list' },
    ]);
  });

  it('ignores lines of known targets that were not selected', () => {
    const baseline = parseBaseline('prompts-list b no prompts');
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list')])],
      baseline,
      KNOWN,
    );
    expect(comparison.problems).toEqual([]);
  });
});
