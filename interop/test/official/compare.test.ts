import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../src/official/baseline.js';
import { compareWithBaseline, type TargetResults } from '../../src/official/compare.js';
import type { SpecRevision } from '../../src/official/revisions.js';

const pass = (scenario: string) => ({ scenario, passed: true, failures: [] });
const fail = (scenario: string, ...ids: string[]) => ({
  scenario,
  passed: false,
  failures: (ids.length > 0 ? ids : ['method-not-found']).map((id) => ({
    id,
    message: `${id}: Failed`,
  })),
});

function run(
  target: string,
  results: TargetResults['results'],
  revision: SpecRevision = '2025-11-25',
): TargetResults {
  return { target, revision, required: ['ping', 'tools-list'], results };
}

const KNOWN = ['a', 'b'];
const verdict = (target: string, revision: SpecRevision, counts: number[]) => ({
  target,
  revision,
  suitePassed: counts[0],
  suiteFailed: counts[1],
  passedWithExpectedChecks: counts[2],
  expectedFailures: counts[3],
});

describe('compareWithBaseline', () => {
  it('accepts failures the baseline expects, through * or by target and revision, and counts them', () => {
    const baseline = parseBaseline(
      'tools-call-image * * fixture\nprompts-list b 2026-07-28 no prompts',
    );
    const comparison = compareWithBaseline(
      [
        run('a', [
          pass('ping'),
          pass('tools-list'),
          fail('tools-call-image'),
          pass('prompts-list'),
        ]),
        run(
          'b',
          [pass('ping'), pass('tools-list'), fail('tools-call-image'), fail('prompts-list')],
          '2026-07-28',
        ),
      ],
      baseline,
      KNOWN,
    );
    expect(comparison).toEqual({
      targets: [verdict('a', '2025-11-25', [3, 1, 0, 1]), verdict('b', '2026-07-28', [2, 2, 0, 2])],
      problems: [],
    });
  });

  it('counts a required scenario as passed when each failed check has a check line', () => {
    const baseline = parseBaseline(
      'tools-list:fixture-one * * needs a fixture tool\ntools-list:fixture-two * 2025-11-25 same',
    );
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), fail('tools-list', 'fixture-one', 'fixture-two', 'fixture-one')])],
      baseline,
      KNOWN,
    );
    expect(comparison).toEqual({
      targets: [verdict('a', '2025-11-25', [1, 1, 1, 0])],
      problems: [],
    });
  });

  it('reports the failed checks no line expects, and check lines whose check passed', () => {
    const baseline = parseBaseline('tools-list:fixture-one * * fixture\ntools-list:gone * * fixed');
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), fail('tools-list', 'fixture-one', 'real-bug')])],
      baseline,
      KNOWN,
    );
    expect(comparison.problems).toEqual([
      {
        kind: 'stale',
        target: 'a',
        revision: '2025-11-25',
        label: 'tools-list:gone',
        line: 2,
        outcome: 'passed',
      },
      {
        kind: 'new-failure',
        target: 'a',
        revision: '2025-11-25',
        scenario: 'tools-list',
        failures: [{ id: 'real-bug', message: 'real-bug: Failed' }],
      },
    ]);
  });

  it('reports a failure the baseline does not expect, with the failed checks', () => {
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list'), fail('resources-list', 'resources-list')])],
      [],
      KNOWN,
    );
    expect(comparison.problems).toEqual([
      {
        kind: 'new-failure',
        target: 'a',
        revision: '2025-11-25',
        scenario: 'resources-list',
        failures: [{ id: 'resources-list', message: 'resources-list: Failed' }],
      },
    ]);
  });

  it('reports a stale line when an expected failure passes or is no longer run', () => {
    const baseline = parseBaseline(
      'tools-call-image a * fixture\ncompletion-complete * * not declared',
    );
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list'), pass('tools-call-image')])],
      baseline,
      KNOWN,
    );
    const at = { target: 'a', revision: '2025-11-25' };
    expect(comparison.problems).toEqual([
      { kind: 'stale', ...at, label: 'tools-call-image', line: 1, outcome: 'passed' },
      { kind: 'stale', ...at, label: 'completion-complete', line: 2, outcome: 'not-run' },
    ]);
  });

  it('refuses a scenario line that hides a required scenario, even when it fails as listed', () => {
    const baseline = parseBaseline('tools-list * * hidden');
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), fail('tools-list')])],
      baseline,
      KNOWN,
    );
    const at = { target: 'a', revision: '2025-11-25' };
    expect(comparison.problems).toEqual([
      { kind: 'required-in-baseline', ...at, scenario: 'tools-list', line: 1 },
      {
        kind: 'new-failure',
        ...at,
        scenario: 'tools-list',
        failures: [{ id: 'method-not-found', message: 'method-not-found: Failed' }],
      },
    ]);
  });

  it('reports a required scenario the suite did not run and a line naming an unknown target', () => {
    const baseline = parseBaseline('prompts-list zzz * typo in the target');
    const comparison = compareWithBaseline([run('a', [pass('ping')])], baseline, KNOWN);
    expect(comparison.problems).toEqual([
      { kind: 'unknown-target', target: 'zzz', line: 1 },
      { kind: 'required-not-run', target: 'a', revision: '2025-11-25', scenario: 'tools-list' },
    ]);
  });

  it('ignores lines of known targets and revisions that were not selected', () => {
    const baseline = parseBaseline('prompts-list b * no prompts\nprompts-list a 2026-07-28 none');
    const comparison = compareWithBaseline(
      [run('a', [pass('ping'), pass('tools-list')])],
      baseline,
      KNOWN,
    );
    expect(comparison.problems).toEqual([]);
  });
});
