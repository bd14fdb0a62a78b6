import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createTarget,
  runConformance,
  type TargetDefinition,
} from '../../../src/index.js';
import { SHARED_SCOPE_REASON } from '../../../src/specs/progressive-disclosure/authorization-trace.js';
import { progressiveDisclosureSpec } from '../../../src/specs/progressive-disclosure/index.js';
import { PD_SETTINGS_KEY } from '../../../src/specs/progressive-disclosure/settings.js';
import { fixtureTarget, type HttpFixture, resultOf, startHttpFixture } from '../../helpers.js';
import {
  NEEDS_RESTRICTED_CALLER,
  PD_FIXTURE,
  pdFixture,
  sharedGrantsOverStdio,
  UNOBSERVABLE,
} from './pd-targets.js';

/**
 * Each row: a requirement, the defect of the fixture that violates it, and what the failure says
 * (in the 2026-07-28 era, `modernMessage` when it differs). Rows run on one HTTP fixture process
 * in both eras (a session, or in the 2026-07-28 era a caller, per check; the defect in the URL),
 * except those marked `stdio`, which start a process per session sharing a grants file.
 */
const BROKEN_FIXTURES: readonly {
  requirement: string;
  defect: string;
  message: RegExp;
  modernMessage?: RegExp;
  stdio?: true;
}[] = [
  {
    requirement: 'pd.3.1.minimal-descriptions',
    defect: 'full-listing',
    message:
      /^tools\/list descriptions and schemas take (\d+) characters, not fewer than the full descriptions' \1$/,
  },
  {
    requirement: 'pd.3.1.selection-complete',
    defect: 'no-summary',
    message: /^"notes_search" has no description$/,
  },
  {
    requirement: 'pd.3.1.purpose',
    defect: 'terse-summary',
    message: /^descriptions of fewer than 3 words: "notes_search" "Finds notes\."; "notes\.read"/,
  },
  {
    requirement: 'pd.3.1.no-details',
    defect: 'full-listing',
    message:
      /^"notes_search" carries examples, usage_guidance, error_guidance; "notes_search" documents its parameters in inputSchema; "notes_search" lists its complete input schema;/,
  },
  {
    requirement: 'pd.3.2.complete-schema',
    defect: 'placeholder-schema',
    message: /^"notes_search" inputSchema is the open stage-1 schema;/,
  },
  {
    requirement: 'pd.3.2.examples',
    defect: 'bad-examples',
    message: /^"notes_search" example 1 is not a valid call: \/query must be string;/,
  },
  {
    requirement: 'pd.3.2.error-guidance',
    defect: 'empty-error-guidance',
    message:
      /^error_guidance is empty or not an object: "notes_search"; "notes\.read"; "tasks_complete"$/,
  },
  {
    requirement: 'pd.3.2.examples',
    defect: 'no-examples',
    message: /^none of 3 full descriptions has usage examples$/,
  },
  {
    requirement: 'pd.3.2.error-guidance',
    defect: 'no-error-guidance',
    message: /^none of 3 full descriptions has error_guidance$/,
  },
  {
    requirement: 'pd.4.1.resource-listed',
    defect: 'template-only',
    message:
      /^resources\/list does not list the resource; only the template resource:\/\/\/tool_descriptions\{\?tools\} names it$/,
  },
  {
    requirement: 'pd.4.1.resource-name',
    defect: 'vague-name',
    message: /^neither name nor title says "tool descriptions": "docs"$/,
  },
  {
    requirement: 'pd.4.1.mime-type',
    defect: 'text-mime',
    message: /^mimeType is "text\/plain", not application\/json$/,
  },
  {
    requirement: 'pd.4.2.workflow-explained',
    defect: 'no-workflow',
    message:
      /^the description does not explain its relation to tools\/list; that descriptions are fetched before calling; the tools query parameter syntax; what happens to a call made without fetching: "Tool documentation\."$/,
  },
  {
    requirement: 'pd.4.2.sequential-steps',
    defect: 'minimal-workflow',
    message: /^the description does not show ordered steps: "Holds the full descriptions/,
  },
  {
    requirement: 'pd.4.2.selection-vs-parameters',
    defect: 'minimal-workflow',
    message:
      /^the description does not show choosing in tools\/list apart from learning parameters/,
  },
  {
    requirement: 'pd.4.2.uri-example',
    defect: 'minimal-workflow',
    message: /^the description does not show a concrete URI with \?tools=/,
  },
  {
    requirement: 'pd.4.2.session-authorization',
    defect: 'minimal-workflow',
    message: /^the description does not show that fetching authorizes the tool for the session/,
  },
  {
    requirement: 'pd.4.3.tools-parameter',
    defect: 'no-query',
    message:
      /^the read of resource:\/\/\/tool_descriptions\?tools=notes_search failed: -3260[02] .*not found/i,
  },
  {
    requirement: 'pd.4.3.comma-separated',
    defect: 'no-comma',
    message:
      /^resource:\/\/\/tool_descriptions\?tools=notes_search,notes\.read returned no description of "notes_search", "notes\.read"$/,
  },
  {
    requirement: 'pd.4.3.exact-names',
    defect: 'any-case',
    message:
      /\?tools=NOTES_SEARCH returned the description of "notes_search" under "notes_search"$/,
  },
  {
    requirement: 'pd.4.4.full-descriptions',
    defect: 'bare-entries',
    message: /^"notes_search" has name undefined; "notes_search" has no inputSchema object;/,
  },
  {
    requirement: 'pd.4.4.only-requested',
    defect: 'returns-all',
    message: /\?tools=notes_search also returned "notes\.read"; "tasks_complete";/,
  },
  {
    requirement: 'pd.4.4.no-preamble',
    defect: 'preamble',
    message: /returned text that is not JSON: "Here are the descriptions you asked for:/,
  },
  {
    requirement: 'pd.4.4.dynamic',
    defect: 'returns-all',
    message: /^reads of two different tools returned the same answer$/,
  },
  {
    requirement: 'pd.5.1.ungranted-call-refused',
    defect: 'no-gate',
    message:
      /^calls before any read were not refused with TOOL_DESCRIPTION_REQUIRED: "notes_search" got an error result "\{\\"error\\":\\"missing query\\"}"; "notes\.read" got an error result/,
  },
  {
    requirement: 'pd.5.1.grant-on-read',
    defect: 'no-grant',
    message: /^"notes_search" is still refused after its description was read$/,
  },
  {
    requirement: 'pd.5.1.grant-on-read',
    defect: 'grant-all',
    message:
      /^reading "notes_search" also authorized the unread "notes\.read": it got an error result/,
  },
  {
    requirement: 'pd.5.1.grant-persists',
    defect: 'single-use-grant',
    message: /^"notes_search" was refused again on a later call of the same session$/,
  },
  {
    requirement: 'pd.5.1.session-isolation',
    defect: 'shared-grants',
    message:
      /^a read in another session authorized "notes_search" in a second MCP session of the same endpoint open at the same time: the call got a result$/,
    modernMessage:
      /^a read in another caller authorized "notes_search" in a second caller \(other credentials\) calling while the first was at work: the call got a result$/,
  },
  {
    requirement: 'pd.5.1.session-isolation',
    defect: 'shared-grants',
    stdio: true,
    message:
      /^a read in another session authorized "notes_search" in a second server process open at the same time: the call got a result$/,
  },
  {
    requirement: 'pd.5.2.session-lifecycle',
    defect: 'shared-grants',
    message:
      /^a read in another session authorized "notes_search" in a new MCP session of the same endpoint opened after the first closed: the call got a result$/,
    modernMessage:
      /^a read in another caller authorized "notes_search" in a third caller \(other credentials\) arriving after the first was done: the call got a result$/,
  },
  {
    requirement: 'pd.5.2.session-lifecycle',
    defect: 'shared-grants',
    stdio: true,
    message:
      /^a read in another session authorized "notes_search" in a new server process opened after the first closed: the call got a result$/,
  },
  {
    requirement: 'pd.5.3.no-access-beyond-listing',
    defect: 'unlisted-callable',
    message:
      /^the read served a full description of "x_conformance_unlisted_tool", which tools\/list does not show$/,
  },
  {
    requirement: 'pd.5.3.primary-authorization',
    defect: 'role-bypass',
    message:
      /^"tasks_complete", hidden from the restricted caller's tools\/list, was called successfully by it after a read of its description$/,
  },
  {
    requirement: 'pd.6.1.missing-tool-selection',
    defect: 'missing-selection-lists-all',
    message:
      /^resource:\/\/\/tool_descriptions returned "notes_search"; "notes\.read"; "tasks_complete", not MISSING_TOOL_SELECTION; resource:\/\/\/tool_descriptions\?format=json returned/,
  },
  {
    requirement: 'pd.6.2.required-error-shape',
    defect: 'no-resource-uri',
    message: /^the error has no resource_uri$/,
  },
  {
    requirement: 'pd.6.3.tool-not-found',
    defect: 'silent-unknown',
    message: /returned no entry for the unknown name$/,
  },
  {
    requirement: 'pd.8.2.system-prompt-guidance',
    defect: 'partial-guidance',
    message:
      /^the instructions do not cover the two stages \(tools\/list, then the resource\); that short descriptions are enough to choose; not to read the resource without naming tools; the syntax of a read$/,
  },
  {
    requirement: 'pd.8.2.system-prompt-guidance',
    defect: 'no-instructions',
    message: /^the server sends no instructions, so no system prompt guidance reaches the agent$/,
  },
];

/** [id, status] of every result of `report`, in report order. */
function statuses(report: ConformanceReport): [string, string][] {
  return report.targets.flatMap((target) =>
    target.results.map((result): [string, string] => [result.id, result.status]),
  );
}

/** Three distinct callers and a restricted one, by bearer tokens no other target uses. */
function callerSettings(pool: string) {
  const bearer = (name: string) => ({ Authorization: `Bearer ${name}` });
  return {
    [PD_SETTINGS_KEY]: {
      callers: ['first', 'second', 'third'].map((name) => bearer(`${pool}-${name}`)),
      restrictedCaller: bearer(`restricted-${pool}`),
    },
  };
}

// Each broken row runs twice (both eras) beside the others on a shared machine: a generous time
// limit, no timed assertion.
describe('the progressive-disclosure checks', { timeout: 120_000 }, () => {
  let fixture: HttpFixture;
  let good: ConformanceReport;
  let goodOverHttp: ConformanceReport;
  // `pool` keeps the grants of concurrent `shared-grants` targets, and the callers, apart.
  const overHttp = (defect: string, pool = '', callers = true): TargetDefinition => ({
    ...createTarget(`${PD_FIXTURE} ${defect} over http`, {
      kind: 'http',
      url: `${fixture.url}?defect=${defect}&pool=${encodeURIComponent(pool)}`,
    }),
    ...(callers ? { settings: callerSettings(pool) } : {}),
  });

  // The two stdio rows share one run: each session of it is a process.
  let sharedOverStdio: Promise<ConformanceReport> | undefined;
  const runSharedOverStdio = () => {
    sharedOverStdio ??= runConformance({
      targets: [sharedGrantsOverStdio()],
      requirements: ['pd.5.1.session-isolation', 'pd.5.2.session-lifecycle'],
    });
    return sharedOverStdio;
  };

  beforeAll(async () => {
    fixture = await startHttpFixture(PD_FIXTURE);
    [good, goodOverHttp] = await Promise.all([
      runConformance({ targets: [pdFixture()], specs: ['progressive-disclosure'] }),
      runConformance({
        targets: [overHttp('none', 'good')],
        specs: ['progressive-disclosure'],
        era: 'both',
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  /** Every observable requirement passed; over stdio, the restricted caller's check skipped. */
  const expectedOnGood = (kind: 'stdio' | 'http' = 'stdio') =>
    progressiveDisclosureSpec.requirements
      .filter(
        (requirement) => requirement.level !== 'MAY' && !UNOBSERVABLE.includes(requirement.id),
      )
      .map((requirement): [string, string] => [
        requirement.id,
        kind === 'stdio' && requirement.id === NEEDS_RESTRICTED_CALLER ? 'skip' : 'pass',
      ]);

  it('proves every check against a broken fixture, and lists what MCP cannot show unchecked', () => {
    const checked = new Set(progressiveDisclosureSpec.checks.map((check) => check.requirement));
    const proven = new Set(BROKEN_FIXTURES.map((row) => row.requirement));
    expect([...checked].sort()).toEqual([...proven].sort());
    expect(
      progressiveDisclosureSpec.requirements
        .filter((requirement) => requirement.unobservable !== undefined)
        .map((requirement) => requirement.id),
    ).toEqual(UNOBSERVABLE);
  });

  it('passes the good fixture over stdio on every requirement it can observe', () => {
    expect(statuses(good)).toEqual(expectedOnGood());
  });

  it('passes the good fixture over HTTP in both eras: MCP sessions in 2025, distinct callers in 2026-07-28', () => {
    expect(goodOverHttp.targets.map((target) => target.era)).toEqual(['modern', 'legacy']);
    expect(statuses(goodOverHttp)).toEqual([...expectedOnGood('http'), ...expectedOnGood('http')]);
    const isolation = goodOverHttp.targets.map(
      (target) =>
        target.results.find((result) => result.id === 'pd.5.1.session-isolation')?.message,
    );
    expect(isolation).toEqual([
      '"notes_search" is refused in a second caller (other credentials) calling while the first was at work',
      '"notes_search" is refused in a second MCP session of the same endpoint open at the same time',
    ]);
  });

  it('in the 2026-07-28 era without distinct callers, skips the checks that need a fresh caller and fails none', async () => {
    const report = await runConformance({
      targets: [overHttp('none', 'anonymous', false)],
      specs: ['progressive-disclosure'],
      era: 'modern',
    });
    const notPassed = report.targets[0]?.results.filter((result) => result.status !== 'pass');
    expect(notPassed?.map((result) => [result.id, result.status])).toEqual([
      ['pd.5.1.ungranted-call-refused', 'skip'],
      ['pd.5.1.grant-on-read', 'skip'],
      ['pd.5.1.grant-persists', 'skip'],
      ['pd.5.1.session-isolation', 'skip'],
      ['pd.5.2.session-lifecycle', 'skip'],
      ['pd.5.3.primary-authorization', 'skip'],
      ['pd.6.2.required-error-shape', 'skip'],
    ]);
    expect(resultOf(report, 'pd.5.1.session-isolation').message).toBe(SHARED_SCOPE_REASON);
  });

  it('detects a server listing the resource or its template, and not one without', async () => {
    const detected = async (target: TargetDefinition) =>
      (await runConformance({ targets: [target], requirements: ['mcp.ping.empty-result'] }))
        .targets[0]?.specs;
    expect(await detected(overHttp('template-only'))).toContain('progressive-disclosure');
    expect(await detected(fixtureTarget('good-server.mjs'))).not.toContain(
      'progressive-disclosure',
    );
  });

  describe.concurrent.each(BROKEN_FIXTURES)(
    '$requirement',
    ({ requirement, defect, message, modernMessage, stdio }) => {
      it(`fails on the ${defect} fixture${stdio ? ' over stdio' : ' over HTTP in both eras'} and not on the good one`, async () => {
        if (stdio) {
          const result = resultOf(await runSharedOverStdio(), requirement);
          expect(result.status).toBe('fail');
          expect(result.message).toMatch(message);
          expect(resultOf(good, requirement).status).toBe('pass');
          return;
        }
        for (const era of ['legacy', 'modern'] as const) {
          const report = await runConformance({
            targets: [overHttp(defect, `${requirement}-${era}`)],
            requirements: [requirement],
            era,
          });
          const result = resultOf(report, requirement);
          expect([result.era, result.status]).toEqual([era, 'fail']);
          expect(result.message).toMatch(era === 'modern' ? (modernMessage ?? message) : message);
        }
        const onGood = statuses(goodOverHttp).filter(([id]) => id === requirement);
        expect(onGood).toEqual([
          [requirement, 'pass'],
          [requirement, 'pass'],
        ]);
      });
    },
  );
});
