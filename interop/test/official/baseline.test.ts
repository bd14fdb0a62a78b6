import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL, formatBaseline, parseBaseline } from '../../src/official/baseline.js';
import { ALWAYS_REQUIRED } from '../../src/official/required-scenarios.js';
import { SPEC_REVISIONS } from '../../src/official/revisions.js';
import { BASELINE_FILE } from '../../src/official/run-official-cli.js';
import { officialTargets } from '../../src/official/targets.js';

const name = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/);
const reason = fc
  .string({ minLength: 1, maxLength: 60 })
  .map((text) => text.replace(/[\r\n\u2028\u2029]/g, ' ').trim())
  .filter((text) => text !== '');

describe('parseBaseline', () => {
  it('reads scenario, optional check, target, revision and the rest as the reason', () => {
    const text = [
      '# scenario[:check]  target  revision  reason',
      '',
      'tools-call-image   *            *   fixture-only: the suite # own tool',
      '  resources-list   x-gateway-proxy  2025-11-25  tools only  ',
      'server-stateless:sep-2575-x  *  2026-07-28  needs test_logging_tool',
    ].join('\n');
    expect(parseBaseline(text)).toEqual([
      {
        scenario: 'tools-call-image',
        target: '*',
        revision: '*',
        reason: 'fixture-only: the suite # own tool',
        line: 3,
      },
      {
        scenario: 'resources-list',
        target: 'x-gateway-proxy',
        revision: '2025-11-25',
        reason: 'tools only',
        line: 4,
      },
      {
        scenario: 'server-stateless',
        check: 'sep-2575-x',
        target: '*',
        revision: '2026-07-28',
        reason: 'needs test_logging_tool',
        line: 5,
      },
    ]);
  });

  it('rejects a line without a reason, bad names and unknown revisions, naming every bad line', () => {
    const text = [
      'ping * *',
      'Tools_List * * reason',
      'ping x_y * reason',
      'ping * 2024-01-01 reason',
      'ping:A * * reason',
      'ping:a:b * * reason',
    ].join('\n');
    expect(() => parseBaseline(text)).toThrow(
      new RegExp(
        [
          'line 1: expected "<scenario>\\[:<check>\\] <target\\|\\*> <revision\\|\\*> <reason>"',
          'line 2: bad scenario name "Tools_List"',
          'line 3: bad target name "x_y"',
          'line 4: unknown revision "2024-01-01"',
          'line 5: bad check id in "ping:A"',
          'line 6: bad check id in "ping:a:b"',
        ].join('\n'),
      ),
    );
  });

  it('rejects a scenario or check listed twice for a target and revision, directly or through *', () => {
    expect(() => parseBaseline('ping a * one\nping a * two')).toThrow(
      /line 2: ping on a at \* is already expected on line 1/,
    );
    expect(() => parseBaseline('ping * * one\nping a 2025-11-25 two')).toThrow(
      /line 2: ping on a at 2025-11-25 is already expected on line 1/,
    );
    expect(() => parseBaseline('ping a 2025-11-25 one\nping * * two')).toThrow(
      /line 2: ping on \* at \* is already expected on line 1/,
    );
    expect(() => parseBaseline('ping * * one\nping:c a * two')).toThrow(
      /line 2: ping:c on a at \* is already expected on line 1/,
    );
    expect(parseBaseline('ping a * one\nping b * two')).toHaveLength(2);
    expect(parseBaseline('ping a 2025-11-25 one\nping a 2026-07-28 two')).toHaveLength(2);
    expect(parseBaseline('ping:c * * one\nping:d * * two')).toHaveLength(2);
  });

  it('gives back what formatBaseline wrote (round trip)', () => {
    const entry = fc.record(
      {
        scenario: name,
        check: name,
        target: fc.oneof(fc.constant(ALL), name),
        revision: fc.constantFrom(ALL, ...SPEC_REVISIONS),
        reason,
      },
      { requiredKeys: ['scenario', 'target', 'revision', 'reason'] },
    );
    const entries = fc.uniqueArray(entry, { selector: (value) => value.scenario, maxLength: 12 });
    fc.assert(
      fc.property(entries, (values) => {
        const parsed = parseBaseline(formatBaseline(values));
        expect(parsed.map(({ line: _line, ...rest }) => rest)).toEqual(values);
      }),
    );
  });
});

describe('the committed baseline', () => {
  it('parses, names only known targets, and lists no scenario every server must pass as a whole', async () => {
    const entries = parseBaseline(await readFile(BASELINE_FILE, 'utf8'));
    const targets = new Set([ALL, ...officialTargets.map((target) => target.name)]);
    expect(entries.filter((entry) => !targets.has(entry.target))).toEqual([]);
    const always = (revision: string) =>
      SPEC_REVISIONS.filter((known) => revision === ALL || revision === known).flatMap(
        (known) => ALWAYS_REQUIRED[known],
      );
    expect(
      entries.filter(
        (entry) => entry.check === undefined && always(entry.revision).includes(entry.scenario),
      ),
    ).toEqual([]);
    expect(entries.every((entry) => entry.reason.length >= 10)).toBe(true);
  });

  it('expects no check of caching to fail: every app lists prompts, resources and templates', async () => {
    const entries = parseBaseline(await readFile(BASELINE_FILE, 'utf8'));
    expect(entries.filter((entry) => entry.scenario === 'caching')).toEqual([]);
  });
});
