import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createTarget,
  runConformance,
  type TargetDefinition,
} from '../../../src/index.js';
import { progressiveDisclosureSpec } from '../../../src/specs/progressive-disclosure/index.js';
import { fixtureTarget, type HttpFixture, resultOf, startHttpFixture } from '../../helpers.js';
import { PD_FIXTURE, pdFixture, sharedGrantsOverStdio, UNOBSERVABLE } from './pd-targets.js';

/**
 * Each row: a requirement, the defect of the fixture that violates it, and what the failure says.
 * Rows run on one HTTP fixture process (a session per check, the defect in the URL), except
 * those marked `stdio`, which start a process per session sharing a grants file.
 */
const BROKEN_FIXTURES: readonly {
  requirement: string;
  defect: string;
  message: RegExp;
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

describe('the progressive-disclosure checks', () => {
  let fixture: HttpFixture;
  let good: ConformanceReport;
  // `pool` keeps the grants of concurrent `shared-grants` targets apart.
  const overHttp = (defect: string, pool = ''): TargetDefinition =>
    createTarget(`${PD_FIXTURE} ${defect} over http`, {
      kind: 'http',
      url: `${fixture.url}?defect=${defect}&pool=${pool}`,
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
    good = await runConformance({ targets: [pdFixture()], specs: ['progressive-disclosure'] });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  const expectedOnGood = () =>
    progressiveDisclosureSpec.requirements
      .filter(
        (requirement) => requirement.level !== 'MAY' && !UNOBSERVABLE.includes(requirement.id),
      )
      .map((requirement) => [requirement.id, 'pass']);

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
    const statuses = good.targets[0]?.results.map((result) => [result.id, result.status]);
    expect(statuses).toEqual(expectedOnGood());
  });

  it('passes the good fixture over HTTP, where the sessions are MCP sessions of one endpoint', async () => {
    const report = await runConformance({
      targets: [overHttp('none')],
      specs: ['progressive-disclosure'],
    });
    expect(report.targets[0]?.results.map((result) => [result.id, result.status])).toEqual(
      expectedOnGood(),
    );
    expect(resultOf(report, 'pd.5.1.session-isolation').message).toBe(
      '"notes_search" is refused in a second MCP session of the same endpoint open at the same time',
    );
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
    ({ requirement, defect, message, stdio }) => {
      it(`fails on the ${defect} fixture${stdio ? ' over stdio' : ''} and not on the good one`, async () => {
        const report = stdio
          ? await runSharedOverStdio()
          : await runConformance({
              targets: [overHttp(defect, requirement)],
              requirements: [requirement],
            });
        const result = resultOf(report, requirement);
        expect(result.status).toBe('fail');
        expect(result.message).toMatch(message);
        expect(resultOf(good, requirement).status).toBe('pass');
      });
    },
  );
});
