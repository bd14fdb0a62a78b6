import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_TARGETS, formatBaseline, parseBaseline } from '../../src/official/baseline.js';
import { ALWAYS_REQUIRED } from '../../src/official/required-scenarios.js';
import { BASELINE_FILE } from '../../src/official/run-official-cli.js';
import { officialTargets } from '../../src/official/targets.js';

const name = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/);
const reason = fc
  .string({ minLength: 1, maxLength: 60 })
  .map((text) => text.replace(/[\r\n\u2028\u2029]/g, ' ').trim())
  .filter((text) => text !== '');

describe('parseBaseline', () => {
  it('reads scenario, target and the rest of the line as the reason, skipping comments and blanks', () => {
    const text = [
      '# scenario  target  reason',
      '',
      'tools-call-image   *            fixture-only: the suite # own tool',
      '  resources-list   x-gateway-proxy   tools only  ',
    ].join('\n');
    expect(parseBaseline(text)).toEqual([
      {
        scenario: 'tools-call-image',
        target: '*',
        reason: 'fixture-only: the suite # own tool',
        line: 3,
      },
      { scenario: 'resources-list', target: 'x-gateway-proxy', reason: 'tools only', line: 4 },
    ]);
  });

  it('rejects a line without a reason and bad names, naming every bad line', () => {
    const text = ['ping *', 'Tools_List * reason', 'ping x_y reason'].join('\n');
    expect(() => parseBaseline(text)).toThrow(
      /line 1: expected "<scenario> <target\|\*> <reason>"\nline 2: bad scenario name "Tools_List"\nline 3: bad target name "x_y"/,
    );
  });

  it('rejects a scenario listed twice for a target, directly or through *', () => {
    expect(() => parseBaseline('ping a one\nping a two')).toThrow(
      /line 2: ping on a is already expected on line 1/,
    );
    expect(() => parseBaseline('ping * one\nping a two')).toThrow(
      /line 2: ping on a is already expected on line 1/,
    );
    expect(() => parseBaseline('ping a one\nping * two')).toThrow(
      /line 2: ping on \* repeats line 1 \(a\)/,
    );
    expect(parseBaseline('ping a one\nping b two')).toHaveLength(2);
  });

  it('gives back what formatBaseline wrote (round trip)', () => {
    const entry = fc.record({
      scenario: name,
      target: fc.oneof(fc.constant(ALL_TARGETS), name),
      reason,
    });
    const entries = fc.uniqueArray(entry, {
      selector: (value) => value.scenario,
      maxLength: 12,
    });
    fc.assert(
      fc.property(entries, (values) => {
        const parsed = parseBaseline(formatBaseline(values));
        expect(parsed.map(({ line: _line, ...rest }) => rest)).toEqual(values);
      }),
    );
  });
});

describe('the committed baseline', () => {
  it('parses, names only known targets, and never lists a scenario every server must pass', async () => {
    const entries = parseBaseline(await readFile(BASELINE_FILE, 'utf8'));
    const targets = new Set([ALL_TARGETS, ...officialTargets.map((target) => target.name)]);
    expect(entries.filter((entry) => !targets.has(entry.target))).toEqual([]);
    expect(entries.filter((entry) => ALWAYS_REQUIRED.includes(entry.scenario))).toEqual([]);
    expect(entries.every((entry) => entry.reason.length >= 10)).toBe(true);
  });
});
