import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createReport,
  escapeXml,
  formatJsonReport,
  formatJunitReport,
  formatTextReport,
  type TargetReport,
  X_PROFILE,
} from '../../src/index.js';

const target: TargetReport = {
  target: 'weird <server> & "co"',
  specs: ['mcp-base'],
  results: [
    { id: 'a.one', spec: 'src', section: '1', level: 'MUST', status: 'pass', message: 'fine' },
    {
      id: 'a.two',
      spec: 'src',
      section: '2',
      level: 'SHOULD',
      status: 'fail',
      message: "bad 'name' <x> & \u0001",
    },
    { id: 'a.three', spec: 'src', section: '3', level: 'MUST', status: 'skip', message: 'n/a' },
    { id: 'a.four', spec: 'src', section: '4', level: 'MUST', status: 'fail', message: 'broken' },
  ],
};

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** `text` without the code units XML 1.0 forbids: controls but tab, newline and return; U+FFFE; U+FFFF. */
function withoutForbiddenCharacters(text: string): string {
  const allowed = (code: number) =>
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
  return text
    .split('')
    .filter((unit) => allowed(unit.charCodeAt(0)))
    .join('');
}

describe('report formats', () => {
  const report = createReport([target]);

  it('counts passes, failures, skips and failed MUSTs', () => {
    expect(report.summary).toEqual({ passed: 1, failed: 2, skipped: 1, mustFailed: 1 });
  });

  it('prints a table per target and a summary line', () => {
    expect(formatTextReport(report)).toBe(
      [
        'weird <server> & "co" (specs: mcp-base)',
        '  ID       LEVEL   STATUS  MESSAGE',
        '  a.one    MUST    pass    fine',
        "  a.two    SHOULD  fail    bad 'name' <x> & \u0001",
        '  a.three  MUST    skip    n/a',
        '  a.four   MUST    fail    broken',
        '  1 passed, 2 failed (1 MUST), 1 skipped',
        '',
        'Summary: 1 target, 1 passed, 2 failed (1 MUST), 1 skipped',
        '',
      ].join('\n'),
    );
  });

  it("reports a profile's results apart: their own table, counts and JSON summary", () => {
    const profiled = createReport([
      {
        ...target,
        results: [
          ...target.results.slice(0, 1),
          {
            id: 'a.ours',
            spec: 'ours',
            section: '5',
            level: 'SHOULD',
            profile: X_PROFILE,
            status: 'fail',
            message: 'our choice',
          },
        ],
      },
    ]);
    expect(profiled.summary).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
      mustFailed: 0,
      profile: { passed: 0, failed: 1, skipped: 0, mustFailed: 0 },
    });
    expect(formatTextReport(profiled)).toBe(
      [
        'weird <server> & "co" (specs: mcp-base)',
        '  ID     LEVEL  STATUS  MESSAGE',
        '  a.one  MUST   pass    fine',
        "  profile (this project's choices, not the specs'): x-profile",
        '  ID      LEVEL   STATUS  MESSAGE',
        '  a.ours  SHOULD  fail    our choice',
        '  1 passed, 0 failed (0 MUST), 0 skipped; profile: 0 passed, 1 failed (0 MUST), 0 skipped',
        '',
        'Summary: 1 target, 1 passed, 0 failed (0 MUST), 0 skipped; profile: 0 passed, 1 failed (0 MUST), 0 skipped',
        '',
      ].join('\n'),
    );
    const parsed = JSON.parse(formatJsonReport(profiled));
    expect(parsed.summary.profile).toEqual({ passed: 0, failed: 1, skipped: 0, mustFailed: 0 });
    expect(parsed.targets[0].results[1]).toMatchObject({ id: 'a.ours', profile: X_PROFILE });
    expect(formatJunitReport(profiled)).toContain('name="a.ours [SHOULD x-profile]"');
  });

  it('prints JSON with the summary first and the results in order', () => {
    const parsed = JSON.parse(formatJsonReport(report));
    expect(Object.keys(parsed)).toEqual(['summary', 'targets']);
    expect(parsed.targets[0].results[1]).toEqual(target.results[1]);
  });

  it('prints JUnit XML with escaped text, failures and skips', () => {
    const xml = formatJunitReport(report);
    expect(xml).toContain(
      '<testsuite name="weird &lt;server&gt; &amp; &quot;co&quot;" tests="4" failures="2" errors="0" skipped="1">',
    );
    expect(xml).toContain(
      '<failure message="bad &apos;name&apos; &lt;x&gt; &amp; " type="SHOULD">src 2</failure>',
    );
    expect(xml).toContain('<skipped message="n/a"/>');
    expect(xml).toContain('<system-out>fine</system-out>');
  });

  it('escapes any text so that unescaping gives it back without the characters XML forbids', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)/);
        expect(unescapeXml(escaped)).toBe(withoutForbiddenCharacters(text));
      }),
    );
  });

  it('formats the same report to the same bytes', () => {
    expect(formatJunitReport(createReport([target]))).toBe(formatJunitReport(report));
    expect(formatJsonReport(createReport([target]))).toBe(formatJsonReport(report));
  });
});
