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
  era: 'modern',
  specs: ['mcp-base'],
  results: [
    {
      id: 'a.one',
      spec: 'src',
      section: '1',
      level: 'MUST',
      status: 'pass',
      message: 'fine',
      era: 'modern',
    },
    {
      id: 'a.two',
      spec: 'src',
      section: '2',
      level: 'SHOULD',
      status: 'fail',
      message: "bad 'name' <x> & \u0001",
      era: 'modern',
    },
    {
      id: 'a.three',
      spec: 'src',
      section: '3',
      level: 'MUST',
      status: 'skip',
      message: 'n/a',
      era: 'modern',
    },
    {
      id: 'a.four',
      spec: 'src',
      section: '4',
      level: 'MUST',
      status: 'fail',
      message: 'broken',
      era: 'modern',
    },
    {
      id: 'a.five',
      spec: 'src',
      section: '5',
      level: 'MUST',
      status: 'not-applicable',
      message: 'stdio only',
      era: 'modern',
    },
  ],
};

/** The same server in the 2025 era, which it does not serve. */
const unserved: TargetReport = {
  target: 'weird <server> & "co"',
  era: 'legacy',
  specs: [],
  results: [],
  note: 'does not serve the 2025 era: initialize was refused',
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
  const report = createReport([target, unserved]);

  it('counts passes, failures, skips and not-applicable results apart, failed MUSTs and skipped MUSTs with their reasons', () => {
    expect(report.summary).toEqual({
      passed: 1,
      failed: 2,
      skipped: 1,
      notApplicable: 1,
      mustFailed: 1,
      mustSkipped: 1,
      mustSkipReasons: [{ reason: 'n/a', count: 1 }],
    });
  });

  it('prints a table per target and era, a summary line and the skipped MUSTs', () => {
    expect(formatTextReport(report)).toBe(
      [
        'weird <server> & "co" [era 2026-07-28] (specs: mcp-base)',
        '  ID       LEVEL   ERA         STATUS          MESSAGE',
        '  a.one    MUST    2026-07-28  pass            fine',
        "  a.two    SHOULD  2026-07-28  fail            bad 'name' <x> & \u0001",
        '  a.three  MUST    2026-07-28  skip            n/a',
        '  a.four   MUST    2026-07-28  fail            broken',
        '  a.five   MUST    2026-07-28  not-applicable  stdio only',
        '  1 passed, 2 failed (1 MUST), 1 skipped, 1 not applicable',
        '',
        'weird <server> & "co" [era 2025] (specs: none)',
        '  does not serve the 2025 era: initialize was refused',
        '',
        'Summary: 1 target, 1 passed, 2 failed (1 MUST), 1 skipped, 1 not applicable',
        'MUST checks skipped: 1 (not passed; why:)',
        '  1 × n/a',
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
            era: 'modern',
          },
        ],
      },
    ]);
    expect(profiled.summary).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
      notApplicable: 0,
      mustFailed: 0,
      mustSkipped: 0,
      mustSkipReasons: [],
      profile: {
        passed: 0,
        failed: 1,
        skipped: 0,
        notApplicable: 0,
        mustFailed: 0,
        mustSkipped: 0,
        mustSkipReasons: [],
      },
    });
    expect(formatTextReport(profiled)).toBe(
      [
        'weird <server> & "co" [era 2026-07-28] (specs: mcp-base)',
        '  ID     LEVEL  ERA         STATUS  MESSAGE',
        '  a.one  MUST   2026-07-28  pass    fine',
        "  profile (this project's choices, not the specs'): x-profile",
        '  ID      LEVEL   ERA         STATUS  MESSAGE',
        '  a.ours  SHOULD  2026-07-28  fail    our choice',
        '  1 passed, 0 failed (0 MUST), 0 skipped, 0 not applicable; profile: 0 passed, 1 failed (0 MUST), 0 skipped, 0 not applicable',
        '',
        'Summary: 1 target, 1 passed, 0 failed (0 MUST), 0 skipped, 0 not applicable; profile: 0 passed, 1 failed (0 MUST), 0 skipped, 0 not applicable',
        'MUST checks skipped: 0',
        'profile MUST checks skipped: 0',
        '',
      ].join('\n'),
    );
    const parsed = JSON.parse(formatJsonReport(profiled));
    expect(parsed.summary.profile).toEqual(profiled.summary.profile);
    expect(parsed.targets[0].results[1]).toMatchObject({ id: 'a.ours', profile: X_PROFILE });
    expect(formatJunitReport(profiled)).toContain('name="a.ours [SHOULD x-profile]"');
  });

  it('prints JSON with the summary first, the results in order, each naming its era', () => {
    const parsed = JSON.parse(formatJsonReport(report));
    expect(Object.keys(parsed)).toEqual(['summary', 'targets']);
    expect(parsed.summary.mustSkipped).toBe(1);
    expect(parsed.targets[0].era).toBe('modern');
    expect(parsed.targets[0].results[1]).toEqual(target.results[1]);
    expect(parsed.targets[1]).toMatchObject({ era: 'legacy', note: unserved.note, results: [] });
  });

  it('prints JUnit XML with escaped text, failures, skips, not-applicable results, eras and the skipped MUSTs', () => {
    const xml = formatJunitReport(report);
    expect(xml).toContain(
      '<testsuite name="weird &lt;server&gt; &amp; &quot;co&quot; [era 2026-07-28]" tests="5" failures="2" errors="0" skipped="2">',
    );
    expect(xml).toContain(
      '<!-- 1 passed, 2 failed (1 MUST), 1 skipped, 1 not applicable\nMUST checks skipped: 1 (not passed; why:)\n  1 × n/a -->',
    );
    expect(xml).toContain('<skipped message="not applicable: stdio only"/>');
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
    expect(formatJunitReport(createReport([target, unserved]))).toBe(formatJunitReport(report));
    expect(formatJsonReport(createReport([target, unserved]))).toBe(formatJsonReport(report));
  });
});
