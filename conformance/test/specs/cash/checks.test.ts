import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createStdioTarget,
  createTarget,
  runConformance,
  type TargetDefinition,
  X_PROFILE,
} from '../../../src/index.js';
import { cashSpec } from '../../../src/specs/cash/index.js';
import type { CashTargetSettings } from '../../../src/specs/cash/settings.js';
import { FIXTURES_DIRECTORY, type HttpFixture, resultOf, startHttpFixture } from '../../helpers.js';

const FIXTURE = 'cash/cash-server.mjs';

/** The fixture's large call and large write, and its namespaces as the upstreams of an aggregator. */
const SETTINGS: CashTargetSettings = {
  largeCall: { namespace: 'orders', function: 'list' },
  writeCall: {
    namespace: 'inventory',
    function: 'reserve',
    kwargs: { product_id: 'P-1', count: 500 },
    probe: { namespace: 'inventory', function: 'reservations' },
  },
  upstreams: ['orders', 'inventory'],
};

function cashFixture(defect?: string): TargetDefinition {
  const target = createStdioTarget({
    name: `cash fixture ${defect ?? 'good'}`,
    command: process.execPath,
    args: [`${FIXTURES_DIRECTORY}${FIXTURE}`, ...(defect === undefined ? [] : [defect])],
    specs: ['cash'],
  });
  return { ...target, settings: { cash: SETTINGS } };
}

/** Each row: a requirement, the defect of the fixture that violates it, and what the failure says. */
const BROKEN_FIXTURES: readonly { requirement: string; defect: string; message: RegExp }[] = [
  { requirement: 'cash.4.three-tools', defect: 'no-skill-tool', message: /^no tool "skill"$/ },
  { requirement: 'cash.4.no-extra-tools', defect: 'extra-tool', message: /"orders_list"$/ },
  {
    requirement: 'cash.4.1.invalid-arguments',
    defect: 'vague-invalid',
    message: /function="get", kwargs=\{\}\) has code none;.*Bad arguments\.$/,
  },
  { requirement: 'cash.4.2.markdown-default', defect: 'json-default', message: /answers JSON/ },
  {
    requirement: 'cash.4.2.markdown-default',
    defect: 'json-function-doc',
    message: /^help\(namespace="orders", function="list"\) answers JSON without a format argument$/,
  },
  {
    requirement: 'cash.4.2.unknown-kwargs-tolerated',
    defect: 'strict-kwargs',
    message: /^help\(\) with kwargs \{"xconformanceprobe": true\} answered an error/,
  },
  {
    requirement: 'cash.4.2.unknown-kwargs-ignored',
    defect: 'noisy-kwargs',
    message: /^help\(\) changed with an unknown argument near "Showing defaults/,
  },
  {
    requirement: 'cash.4.2.kwargs-documented',
    defect: 'undocumented-kwargs',
    message: /^help\(\) does not name "format" \(acted on by help\(\)\); "examples"/,
  },
  {
    requirement: 'cash.4.2.kwargs-documented',
    defect: 'subset-undocumented',
    message: /^help\(\) does not name "params" \(acted on by help\(\)\)$/,
  },
  {
    requirement: 'cash.4.2.function-doc',
    defect: 'bare-function-doc',
    message:
      /^none of 7 function doc\(s\) documents a parameter \(a table, a list under a parameters heading, or JSON parameters\) or says the function takes none$/,
  },
  {
    requirement: 'cash.4.2.extension-kwargs-documented',
    defect: 'query-undocumented',
    message: /^the manifest declares x-help-query but help\(\) does not name "query", "offset"$/,
  },
  {
    requirement: 'cash.6.1.query-listing',
    defect: 'query-leaks',
    message:
      /^help\(namespace="orders", kwargs=\{"query":"summary"\}\): "summary" has 1 more line\(s\) under it$/,
  },
  {
    requirement: 'cash.4.2.flat-root',
    defect: 'root-functions',
    message: /root functions \(getversion\) beside namespaces \(orders, inventory\)$/,
  },
  {
    requirement: 'cash.4.2.shallow-hierarchy',
    defect: 'deep',
    message: /^the namespace "orders.retail.eu.north" is 4 levels deep/,
  },
  {
    requirement: 'cash.4.2.distinguishes-kinds',
    defect: 'unmarked-kinds',
    message: /lists "orders.retail" and "list" without saying which/,
  },
  {
    requirement: 'cash.4.2.no-skill-references',
    defect: 'help-mentions-skills',
    message: /^help\(\) refers to the skill tool$/,
  },
  {
    requirement: 'cash.4.3.skill-listing',
    defect: 'skills-unlisted',
    message: /^skill\(\) answered an error/,
  },
  { requirement: 'cash.4.3.text-only', defect: 'skill-script', message: /fenced bash block/ },
  { requirement: 'cash.4.3.instructions', defect: 'skill-json', message: /is JSON data$/ },
  {
    requirement: 'cash.4.3.placeholders',
    defect: 'skill-unfilled',
    message: /leaves \{\{product_id\}\} unfilled$/,
  },
  {
    requirement: 'cash.4.4.errors-via-mcp',
    defect: 'unknown-not-error',
    message: /^call\(namespace="xconformancenowhere", function="xconformancenothing"\) is no error/,
  },
  {
    requirement: 'cash.4.4.unknown-name-guidance',
    defect: 'bare-unknown',
    message: /has code none, not UNKNOWN_NAMESPACE/,
  },
  { requirement: 'cash.5.1.label-charset', defect: 'hyphen-label', message: /"back-office"$/ },
  {
    requirement: 'cash.5.1.namespace-normalized',
    defect: 'exact-namespaces',
    message: /^help\(namespace="O_RDERS"\) answered: .*No namespace/,
  },
  {
    requirement: 'cash.5.1.no-colliding-labels',
    defect: 'colliding-labels',
    message: /^help\(\) lists "Order_Archive" and "orderarchive"$/,
  },
  {
    requirement: 'cash.5.3.identifier-charset',
    defect: 'hyphen-function',
    message: /function "bulk-export"$/,
  },
  {
    requirement: 'cash.5.3.kwargs-keys-charset',
    defect: 'hyphen-kwarg',
    message: /^kwargs keys outside \[A-Za-z0-9_\]: orders\.summary\(group-by\)$/,
  },
  {
    requirement: 'cash.5.3.kwargs-keys-charset',
    defect: 'bare-function-doc',
    message: /^no kwargs key to judge: none of 7 function doc\(s\) documents a parameter/,
  },
  {
    requirement: 'cash.5.3.identifier-normalized',
    defect: 'exact-functions',
    message: /^help\(function="L_IST"\) in "orders" answered/,
  },
  {
    requirement: 'cash.5.3.kwargs-keys-normalized',
    defect: 'exact-kwargs',
    message: /did not match the key "O_RDER_ID" to "order_id"/,
  },
  { requirement: 'cash.5.3.expressive-names', defect: 'bare-verb-root', message: /"get"$/ },
  { requirement: 'cash.5.4.aggregator-tools', defect: 'no-skill-tool', message: /no tool "skill"/ },
  {
    requirement: 'cash.5.4.merged-help',
    defect: 'hide-inventory',
    message: /^help\(\) does not list "inventory"$/,
  },
  {
    requirement: 'cash.5.4.routes-calls',
    defect: 'misroute',
    message:
      /^call\(namespace="inventory", function="check", kwargs=\{\}\) answered: .*No function/,
  },
  {
    requirement: 'cash.5.4.merged-skills',
    defect: 'skills-flattened',
    message: /"restockcheck" is listed under "", no upstream's namespace/,
  },
  {
    requirement: 'cash.5.4.unique-labels',
    defect: 'duplicate-label',
    message: /^help\(\) lists "inventory" 2 times$/,
  },
  {
    requirement: 'cash.5.5.manifest-schema',
    defect: 'manifest-no-publisher',
    message: /^cash:\/\/server: publisher: /,
  },
  {
    requirement: 'cash.5.6.server-resource',
    defect: 'no-server-resource',
    message: /^resources\/list has no cash:\/\/server$/,
  },
  {
    requirement: 'cash.5.6.server-resource-json',
    defect: 'server-resource-yaml',
    message: /^cash:\/\/server is not a JSON object/,
  },
  {
    requirement: 'cash.6.1.index-entries',
    defect: 'index-multiline',
    message: /"orders" has 1 more line\(s\) under it/,
  },
  {
    requirement: 'cash.6.1.index-no-parameters',
    defect: 'index-parameters',
    message: /^help\(\) gives "orders" typed parameters$/,
  },
  {
    requirement: 'cash.6.2.index-no-function-lists',
    defect: 'index-function-lists',
    message: /^help\(\) lists functions of "orders": list, get, summary$/,
  },
  {
    requirement: 'cash.6.1.namespace-entries',
    defect: 'namespace-multiline',
    message: /help\(namespace="orders"\): "list" has 1 more line\(s\) under it/,
  },
  {
    requirement: 'cash.6.2.namespace-no-parameters',
    defect: 'namespace-signatures',
    message: /help\(namespace="orders"\) gives "list" a signature/,
  },
  {
    requirement: 'cash.6.1.function-doc-one-function',
    defect: 'function-doc-siblings',
    message: /^help\(namespace="orders", function="list"\) also documents get, summary;/,
  },
  {
    requirement: 'cash.7.2.gate-enforced',
    defect: 'no-gate',
    message: /returned \d+ characters without a sizelimit; the threshold is 10000$/,
  },
  {
    requirement: 'cash.7.2.gated-notice',
    defect: 'gate-silent',
    message: /does not say it was gated/,
  },
  {
    requirement: 'cash.7.2.gated-summary',
    defect: 'gate-no-summary',
    message: /gives no count or summary/,
  },
  {
    requirement: 'cash.7.2.suggested-limit',
    defect: 'gate-no-suggestion',
    message: /suggests no sizelimit/,
  },
  {
    requirement: 'cash.7.2.suggested-limit-works',
    defect: 'gate-low-suggestion',
    message: /with the suggested sizelimit=\d+ is still withheld/,
  },
  {
    requirement: 'cash.7.2.suggested-margin',
    defect: 'gate-exact-suggestion',
    message:
      /^the suggested sizelimit=\d+ leaves no margin above the full response of \d+ characters$/,
  },
  {
    requirement: 'cash.7.2.narrow-directive',
    defect: 'gate-no-directive',
    message: /does not say to narrow the query/,
  },
  {
    requirement: 'cash.7.2.full-when-accommodated',
    defect: 'gate-capped',
    message: /with sizelimit=10000000 answered: \*\*Gated:\*\*/,
  },
  {
    requirement: 'cash.7.2.write-not-repeated',
    defect: 'gate-after-write',
    message:
      /answered an error \(code GATED\) but changed what call\(namespace="inventory", function="reservations", kwargs=\{\}\) shows/,
  },
  {
    requirement: 'cash.7.2.gate-precision',
    defect: 'gate-loose',
    message: /with sizelimit=\d+ returned all \d+ characters$/,
  },
  {
    requirement: 'cash.7.3.sizelimit-parameter',
    defect: 'no-sizelimit-param',
    message: /^the call tool has no sizelimit parameter$/,
  },
  {
    requirement: 'cash.7.3.threshold-advertised',
    defect: 'hidden-threshold',
    message: /so the threshold is above 10000, but help\(\) names none$/,
  },
];

/** The two defects only a target served over HTTP shows. */
const BROKEN_HTTP_FIXTURES: readonly { requirement: string; defect: string; message: RegExp }[] = [
  {
    requirement: 'cash.5.5.manifest-published',
    defect: 'no-manifest',
    message: /\/\.well-known\/cash-mcp\.yaml answered 404$/,
  },
  {
    requirement: 'cash.5.5.manifest-content-type',
    defect: 'manifest-text-plain',
    message: /is served as "text\/plain", not application\/yaml$/,
  },
];

/** The good fixture has no root function to judge; over stdio it has no well-known manifest. */
const NO_ROOT_FUNCTION = 'cash.5.3.expressive-names';

/**
 * Defects that break only a decision of this project (x-profile): a server with one of them
 * still follows the RFC to the letter (error codes and skill listings are ours, not §4.4's).
 */
const LETTER_OF_THE_RFC = ['vague-invalid', 'bare-unknown', 'skills-unlisted', 'skill-unfilled'];
/** Checked against probe upstreams only, which the fixture serves with --probe (routing.test.ts). */
const PROBE_ONLY = 'cash.5.4.routes-observed';
const SKIPPED_OVER_STDIO = new Set([
  NO_ROOT_FUNCTION,
  PROBE_ONLY,
  'cash.5.5.manifest-published',
  'cash.5.5.manifest-content-type',
]);

/** The requirements a client can observe: every one but those marked unobservable. */
const CHECKED = cashSpec.requirements.filter(
  (requirement) => requirement.unobservable === undefined,
);

/** The statuses a report gives each requirement of the spec, in catalog order. */
function statuses(report: ConformanceReport): string[][] {
  return (report.targets[0]?.results ?? []).map((result) => [result.id, result.status]);
}

describe('the cash checks', () => {
  const fixtures: HttpFixture[] = [];
  /** One HTTP fixture process serves every defect, at `/mcp/<defect>`. */
  let shared: HttpFixture;
  let good: ConformanceReport;

  const httpTarget = (url: string, name: string): TargetDefinition => ({
    ...createTarget(name, { kind: 'http', url }, ['cash']),
    settings: { cash: SETTINGS },
  });
  const startProcess = async (defect: string) => {
    const fixture = await startHttpFixture(FIXTURE, { CASH_FIXTURE_DEFECT: defect });
    fixtures.push(fixture);
    return fixture;
  };

  beforeAll(async () => {
    shared = await startProcess('none');
    good = await runConformance({
      targets: [httpTarget(shared.url, 'good over http')],
      profiles: [X_PROFILE],
    });
  });

  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.close()));
  });

  it('proves every check against a broken fixture', () => {
    const proven = new Set(
      [...BROKEN_FIXTURES, ...BROKEN_HTTP_FIXTURES].map((row) => row.requirement),
    );
    proven.add(PROBE_ONLY);
    expect([...new Set(cashSpec.checks.map((check) => check.requirement))].sort()).toEqual(
      [...proven].sort(),
    );
  });

  it('passes the good fixture over HTTP, skipping only the root-function and probe checks', () => {
    expect(statuses(good)).toEqual(
      CHECKED.map((requirement) => [
        requirement.id,
        requirement.id === NO_ROOT_FUNCTION || requirement.id === PROBE_ONLY ? 'skip' : 'pass',
      ]),
    );
    expect(resultOf(good, 'cash.5.5.manifest-schema').message).toBe(
      'the manifest is valid (/.well-known/cash-mcp.yaml, cash://server)',
    );
  });

  it('passes the good fixture over stdio, skipping what needs HTTP', async () => {
    const report = await runConformance({ targets: [cashFixture()], profiles: [X_PROFILE] });
    expect(statuses(report)).toEqual(
      CHECKED.map((requirement) => [
        requirement.id,
        SKIPPED_OVER_STDIO.has(requirement.id) ? 'skip' : 'pass',
      ]),
    );
  });

  describe.concurrent.each(BROKEN_FIXTURES)('$requirement', ({ requirement, defect, message }) => {
    it(`fails on the ${defect} fixture and not on the good one`, async () => {
      const report = await runConformance({
        targets: [httpTarget(`${shared.url}/${defect}`, defect)],
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
      expect(resultOf(good, requirement).status).toBe(
        requirement === NO_ROOT_FUNCTION ? 'skip' : 'pass',
      );
    });
  });

  it.each(LETTER_OF_THE_RFC)(
    'finds no failure of the RFC on the %s fixture, which breaks only our own decisions',
    async (defect) => {
      const report = await runConformance({
        targets: [httpTarget(`${shared.url}/${defect}`, defect)],
      });
      expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
      expect(report.summary.profile).toBeUndefined();
      const profiled = await runConformance({
        targets: [httpTarget(`${shared.url}/${defect}`, defect)],
        profiles: [X_PROFILE],
      });
      expect(profiled.summary).toMatchObject({ failed: 0, profile: { failed: 1 } });
    },
  );

  it('reads function docs that list their parameters as a markdown list, a layout the RFC allows', async () => {
    const report = await runConformance({
      targets: [httpTarget(`${shared.url}/list-parameters`, 'list-parameters')],
      profiles: [X_PROFILE],
    });
    expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
    for (const id of ['cash.4.2.function-doc', 'cash.5.3.kwargs-keys-charset']) {
      expect(resultOf(report, id).status).toBe('pass');
    }
    expect(resultOf(report, 'cash.5.3.kwargs-keys-normalized').message).toMatch(
      /matches the key "O_RDER_ID" to "order_id"/,
    );
  });

  it.each(BROKEN_HTTP_FIXTURES)(
    'fails $requirement on the $defect fixture',
    async ({ requirement, defect, message }) => {
      const fixture = await startProcess(defect);
      const report = await runConformance({
        targets: [httpTarget(fixture.url, defect)],
        requirements: [requirement],
      });
      expect(resultOf(report, requirement)).toMatchObject({ status: 'fail', message });
    },
  );

  it('skips the help extension checks of a server whose manifest declares none', async () => {
    const report = await runConformance({
      targets: [httpTarget(`${shared.url}/no-help-extension`, 'no-help-extension')],
      requirements: ['cash.4.2.extension-kwargs-documented', 'cash.6.1.query-listing'],
    });
    expect(report.targets[0]?.results.map((result) => [result.status, result.message])).toEqual([
      ['skip', 'the manifest (cash://server) declares no x-help-query extension'],
      ['skip', 'the manifest (cash://server) declares no x-help-query extension'],
    ]);
  });

  it('skips the gating and aggregation checks of a target registered without settings', async () => {
    const bare = { ...httpTarget(shared.url, 'bare'), settings: {} };
    const report = await runConformance({
      targets: [bare],
      requirements: ['cash.7.2.gate-enforced', 'cash.5.4.merged-help'],
    });
    expect(report.targets[0]?.results.map((result) => [result.status, result.message])).toEqual([
      ['skip', 'not registered as an aggregator (settings.cash.upstreams, --cash-upstreams)'],
      [
        'skip',
        'no large call is registered (settings.cash.largeCall, or --cash-large "namespace.function")',
      ],
    ]);
  });
});
