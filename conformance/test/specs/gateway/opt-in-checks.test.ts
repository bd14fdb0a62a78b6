import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import type { GatewayControlsProbe } from '../../../src/specs/gateway/controls-settings.js';
import type { GatewayProbe } from '../../../src/specs/gateway/settings.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

const PROBE: GatewayProbe = {
  tool: 'fx:echo',
  largeArgs: { message: 'large '.repeat(1_000) },
  invalidArgs: { message: 42 },
};

/** What the fixture's `--cache-stable` and `--primitives` offer. */
const SETTINGS: GatewayControlsProbe = {
  cacheStable: {
    // "document" finds fx:read_doc (score 1); the longer query finds all four tools, read_doc
    // with score 2, and fx:echo, which the scenario runs.
    first: { query: 'document', top_k: 5 },
    second: { query: 'document name echo notes title', top_k: 10 },
    execute: { tool: 'fx:echo', args: { message: 'hi' } },
  },
  primitives: {
    resources: { large: 'fx:manual' },
    prompts: { prompt: 'fx:greet', args: { person: 'Ada' } },
    collisions: true,
  },
};

const CACHE_STABLE_REQUIREMENTS = [
  'gw.5.1.seen-first',
  'gw.5.1.frozen-cards',
  'gw.5.3.breakpoint',
  'gw.5.5.hydration',
];

const PRIMITIVE_REQUIREMENTS = [
  'gw.9.4.advertised',
  'gw.9.1.primitive-ids',
  'gw.9.3.collision-keys',
  'gw.9.4.browse',
  'gw.9.4.resource-read',
  'gw.9.4.firewalled-read',
  'gw.9.4.prompt-get',
  'gw.9.4.prompt-args',
];

/** The gateway fixture with §5 and §9 on, broken by `breakName`, declaring both. */
function optInFixture(breakName = 'none', settings: unknown = SETTINGS): TargetDefinition {
  const target = fixtureTarget(
    'gateway/gateway-fixture.mjs',
    '--mode',
    'gateway',
    '--cache-stable',
    '--primitives',
    '--break',
    breakName,
  );
  return { ...target, settings: { gateway: PROBE, gatewayControls: settings } };
}

/** Each row: a requirement, the break of the fixture that violates it, and the failure. */
const BROKEN_FIXTURES: readonly { requirement: string; breakName: string; message: RegExp }[] = [
  {
    requirement: 'gw.5.1.seen-first',
    breakName: 'unsorted-parts',
    message: /seen cards: "fx:echo#1a2b3c4d" comes after "fx:read_doc#2b3c4d5e"/,
  },
  {
    requirement: 'gw.5.1.frozen-cards',
    breakName: 'unfrozen-cards',
    message: /the second browse changed the seen card fx:read_doc#2b3c4d5e/,
  },
  {
    requirement: 'gw.5.3.breakpoint',
    breakName: 'marker-when-all-seen',
    message: /the first browse repeated \(all seen\) lists 1 __cache_breakpoint__/,
  },
  {
    requirement: 'gw.5.5.hydration',
    breakName: 'failed-hydration-recorded',
    message: /does not list notes:add_note#3c4d5e6f among the new cards/,
  },
  {
    requirement: 'gw.9.4.advertised',
    breakName: 'prompts-not-advertised',
    message: /does not list prompt_browse and prompt_get/,
  },
  {
    requirement: 'gw.9.1.primitive-ids',
    breakName: 'unprefixed-resource-id',
    message: /"fx:guide#5a6b7c8d" does not start with resource::/,
  },
  {
    requirement: 'gw.9.3.collision-keys',
    breakName: 'collision-unkeyed',
    message: /resource ids repeat: resource::notes:shared#7c8d9eaf/,
  },
  {
    requirement: 'gw.9.4.browse',
    breakName: 'browse-over-top-k',
    message: /resource_browse with top_k 1 answered 2 cards/,
  },
  {
    requirement: 'gw.9.4.resource-read',
    breakName: 'unknown-resource-error',
    message: /answered error UPSTREAM_ERROR, not RESOURCE_NOT_FOUND/,
  },
  {
    requirement: 'gw.9.4.firewalled-read',
    breakName: 'large-read-inline',
    message: /lists no artifact with a handle/,
  },
  {
    requirement: 'gw.9.4.prompt-get',
    breakName: 'unknown-prompt-error',
    message: /answered error UPSTREAM_ERROR, not PROMPT_NOT_FOUND/,
  },
  {
    requirement: 'gw.9.4.prompt-args',
    breakName: 'prompt-args-unchecked',
    message: /with no arguments answered error UPSTREAM_ERROR, not ARGS_INVALID/,
  },
];

describe('the cache-stable browsing and primitive checks', () => {
  it('pass every gateway requirement on the fixture with both on, skipping only the §2.5 order and proxy mode', async () => {
    const report = await runConformance({ targets: [optInFixture()], specs: ['gateway'] });
    const results = report.targets[0]?.results ?? [];
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    const skipped = results.filter((result) => result.status === 'skip').map((result) => result.id);
    expect(skipped).toEqual([
      'gw.4.1.invocation-channel',
      'gw.4.1.stripped-list',
      'gw.4.1.stub-description',
      'gw.4.1.stub-not-callable',
      'gw.4.3.hydrate',
      'gw.2.5.ordering',
      'gw.4.4.tolerant-args',
      'gw.4.5.cache-hit',
      'gw.4.5.cache-mutating',
      'gw.4.5.dry-run',
      'gw.4.5.dry-run-invalid-args',
      'gw.4.5.dry-run-no-quota',
      'gw.4.5.rate-limited',
      // No probe upstream is named (probe-upstream-checks.test.ts runs these).
      'gw.1.3.hash8',
      'gw.2.3.no-silent-drop',
      'gw.2.4.truncation',
      'gw.4.4.not-reaching-upstream',
      'gw.4.5.retry',
      'gw.4.5.errors-not-cached',
      'gw.3.4.upstream-taxonomy',
      'gw.4.4.schema-invalid',
    ]);
    for (const id of [...CACHE_STABLE_REQUIREMENTS, ...PRIMITIVE_REQUIREMENTS]) {
      expect(resultOf(report, id).status).toBe('pass');
    }
  });

  it.each(BROKEN_FIXTURES)(
    'fail only $requirement on the fixture broken by $breakName',
    async ({ requirement, breakName, message }) => {
      const report = await runConformance({
        targets: [optInFixture(breakName)],
        specs: ['gateway'],
      });
      const failed = (report.targets[0]?.results ?? []).filter(
        (result) => result.status === 'fail',
      );
      expect(failed.map((result) => result.id)).toEqual([requirement]);
      expect(failed[0]?.message).toMatch(message);
    },
  );

  it('skip when the target declares neither and lists no primitive meta-tool', async () => {
    const target = fixtureTarget('gateway/gateway-fixture.mjs', '--mode', 'gateway');
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: [...CACHE_STABLE_REQUIREMENTS, ...PRIMITIVE_REQUIREMENTS],
    });
    for (const id of [...CACHE_STABLE_REQUIREMENTS, ...PRIMITIVE_REQUIREMENTS]) {
      expect(resultOf(report, id).status).toBe('skip');
    }
  });

  it('fail the §5 checks when the declared browses cannot show a boundary', async () => {
    const settings = {
      ...SETTINGS,
      cacheStable: { ...SETTINGS.cacheStable, second: { query: 'echo' } },
    };
    const report = await runConformance({
      targets: [optInFixture('none', settings)],
      specs: ['gateway'],
      requirements: ['gw.5.1.seen-first'],
    });
    expect(resultOf(report, 'gw.5.1.seen-first')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/must share cards with the first/),
    });
  });

  it('refuses prompt settings without a required argument', async () => {
    const settings = { primitives: { prompts: { prompt: 'fx:greet', args: {} } } };
    const report = await runConformance({
      targets: [optInFixture('none', settings)],
      specs: ['gateway'],
      requirements: ['gw.9.4.prompt-get'],
    });
    expect(resultOf(report, 'gw.9.4.prompt-get')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/settings.gatewayControls is malformed/),
    });
  });
});
