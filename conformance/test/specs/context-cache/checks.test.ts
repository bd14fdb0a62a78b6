import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createCommandLineTarget,
  createTarget,
  runConformance,
  type TargetDefinition,
  X_PROFILE,
} from '../../../src/index.js';
import { FIXTURE_CACHE } from '../../../src/specs/context-cache/fixture.js';
import { prepareFixtureRoot } from '../../../src/specs/context-cache/fixture-root.js';
import { contextCacheSpec } from '../../../src/specs/context-cache/index.js';
import {
  CONTEXT_CACHE_BUILDER,
  CONTEXT_CACHE_CLI,
  contextCacheTargets,
  createFixtureRootTarget,
} from '../../../src/specs/context-cache/targets.js';
import {
  FIXTURES_DIRECTORY,
  fixtureTarget,
  type HttpFixture,
  resultOf,
  startHttpFixture,
} from '../../helpers.js';

const SERVER = join(FIXTURES_DIRECTORY, 'context-cache', 'server.mjs');

/** Each row: a requirement, the defect of the fixture server that violates it, and what the failure says. */
const BROKEN_FIXTURES: readonly { requirement: string; mode: string; message: RegExp }[] = [
  {
    requirement: 'context-cache.tools.present',
    mode: 'missing-tool',
    message: /^missing tool\(s\): context\.inspect_cache$/,
  },
  {
    requirement: 'context-cache.resolve.input-schema',
    mode: 'resolve-schema',
    message: /budget has type "number", not "integer"; budget has minimum absent, not 0$/,
  },
  {
    requirement: 'context-cache.list-caches.input-schema',
    mode: 'list-root-required',
    message: /^context\.list_caches: requires root$/,
  },
  {
    requirement: 'context-cache.inspect-cache.input-schema',
    mode: 'inspect-schema',
    message: /^context\.inspect_cache: cache is not required$/,
  },
  {
    requirement: 'context-cache.resolve.result-shape',
    mode: 'resolve-field-order',
    message: /selection has keys budget, query, .*; expected query, budget, /,
  },
  {
    requirement: 'context-cache.resolve.v0-answers',
    mode: 'score-float64',
    message:
      /^context\.resolve\("CACHE\s+budget", 1000\) differs from the reference at character \d+: ",\\"tokens.*" instead of "\.0,\\"tokens/,
  },
  {
    requirement: 'context-cache.resolve.ordering',
    mode: 'ties-reversed',
    message: /^for "cache": "gamma\.md" \(0\.5\) comes before "alpha\.md" \(0\.5\)/,
  },
  {
    requirement: 'context-cache.resolve.budget-bound',
    mode: 'budget-overrun',
    message: /^budget 20: tokens_used is 575/,
  },
  {
    requirement: 'context-cache.resolve.skip-not-truncate',
    mode: 'truncate',
    message: /^"delta\.md" is not the whole document \(80 characters\)$/,
  },
  {
    requirement: 'context-cache.resolve.skip-not-truncate',
    mode: 'stop-at-misfit',
    message: /^nothing was selected: the first document that did not fit ended the selection$/,
  },
  {
    requirement: 'context-cache.resolve.budget-zero',
    mode: 'budget-zero-unlimited',
    message: /^for "cache": 6 document\(s\) selected, tokens_used 600/,
  },
  {
    requirement: 'context-cache.resolve.accounting',
    mode: 'excluded-zero',
    message: /^\("cache", 20\): 6 considered but 4 selected or excluded by budget/,
  },
  {
    requirement: 'context-cache.resolve.no-side-effects',
    mode: 'creates-missing',
    message: /^context\.list_caches changed from .* to .*conformance-absent-side-effect/,
  },
  {
    requirement: 'context-cache.resolve.deterministic',
    mode: 'unstable-resolve',
    message: /^context\.resolve answered .* then "\{ \\"documents/,
  },
  {
    requirement: 'context-cache.list-caches.deterministic',
    mode: 'unstable-list',
    message: /^context\.list_caches answered /,
  },
  {
    requirement: 'context-cache.inspect-cache.deterministic',
    mode: 'unstable-inspect',
    message: /^context\.inspect_cache answered /,
  },
  {
    requirement: 'context-cache.errors.deterministic',
    mode: 'unstable-errors',
    message: /^resolve on a missing cache: context\.resolve answered /,
  },
  {
    requirement: 'context-cache.errors.shape',
    mode: 'error-extra-field',
    message:
      /^resolve on a missing cache: error has keys code, details, message, not code and message/,
  },
  {
    requirement: 'context-cache.errors.canonical-messages',
    mode: 'custom-messages',
    message: /^resolve on a missing cache: "Cache not found" for cache_missing/,
  },
  {
    requirement: 'context-cache.errors.no-diagnostics',
    mode: 'error-path',
    message: /^resolve on a missing cache: "Cache does not exist \(\/.*\)" holds a path separator/,
  },
  {
    requirement: 'context-cache.resolve.cache-missing',
    mode: 'missing-as-invalid',
    message: /^resolve on a missing cache answered .*cache_invalid.*, not cache_missing/,
  },
  {
    requirement: 'context-cache.resolve.invalid-budget',
    mode: 'budget-lenient',
    message: /^budget -1 answered .*documents.*, not invalid_budget/,
  },
  {
    requirement: 'context-cache.resolve.invalid-query',
    mode: 'query-coerced',
    message: /^query 42 answered .*documents.*, not invalid_query/,
  },
  {
    requirement: 'context-cache.resolve.cache-invalid',
    mode: 'no-verify',
    message: /^resolve on the tampered cache answered .*documents.*, not cache_invalid/,
  },
  {
    requirement: 'context-cache.security.traversal',
    mode: 'traversal',
    message: /^resolve "\.\.\/outside" answered .*documents.*, not cache_missing/,
  },
  {
    requirement: 'context-cache.list-caches.shape',
    mode: 'list-extra-key',
    message: /^caches\[0\] has keys path, has_manifest, valid, not path and has_manifest/,
  },
  {
    requirement: 'context-cache.list-caches.sorted',
    mode: 'list-utf16-order',
    message: /^"conformance-\u{1f600}" comes before "conformance-\uff41"$/u,
  },
  {
    requirement: 'context-cache.list-caches.immediate-directories',
    mode: 'list-follows-links',
    message: /^lists "conformance-escape"; lists "conformance-link"$/,
  },
  {
    requirement: 'context-cache.list-caches.has-manifest',
    mode: 'has-manifest-exists',
    message: /^"conformance-manifest-dir" has has_manifest true, not false$/,
  },
  {
    requirement: 'context-cache.inspect-cache.key-order',
    mode: 'inspect-key-order',
    message:
      /^inspect "conformance-fixture" has keys valid, cache_version, document_count, total_bytes/,
  },
  {
    requirement: 'context-cache.inspect-cache.values',
    mode: 'inspect-version-stripped',
    message: /^cache_version is "[0-9a-f]{64}", not sha256:[0-9a-f]{64}$/,
  },
  {
    requirement: 'context-cache.inspect-cache.invalid-manifest',
    mode: 'inspect-invalid-true',
    message:
      /^inspect "conformance-no-manifest" gives cache_version "", document_count 0, valid true/,
  },
  {
    requirement: 'context-cache.inspect-cache.unreadable-file',
    mode: 'unreadable-counted',
    message: /^valid is false but total_bytes is \d+, not 0$/,
  },
  {
    requirement: 'context-cache.inspect-cache.cache-missing',
    mode: 'inspect-file-valid',
    message: /^inspect "conformance-notes\.txt" answered .*"valid\\":false.*, not cache_missing$/,
  },
];

/** Requirements that need the fixture's known documents or root entries. */
const NEEDS_FIXTURE = new Set([
  'context-cache.resolve.v0-answers',
  'context-cache.resolve.skip-not-truncate',
  'context-cache.resolve.cache-invalid',
  'context-cache.list-caches.immediate-directories',
  'context-cache.list-caches.has-manifest',
  'context-cache.inspect-cache.values',
  'context-cache.inspect-cache.invalid-manifest',
  'context-cache.inspect-cache.unreadable-file',
]);

/** Checked apart: the defect of the fixture served over HTTP is the HTTP itself. */
const TRANSPORT = 'context-cache.transport.stdio';

const SPECS = ['context-cache'];
/** The fixture and the reference are this project's: they are held to its profile too. */
const PROFILES = [X_PROFILE];

/** Defects that change the root, so they get a root (and a stdio process) of their own. */
const MUTATING_MODES = new Set(['creates-missing']);

const cleanups: (() => Promise<void>)[] = [];
let root: string;
let modes: HttpFixture;
let good: ConformanceReport;
let reference: ConformanceReport;

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'x-conformance-context-cache-test-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * The fixture server with `mode` switched on (none when undefined): one HTTP process serves every
 * defect by path, which spares a process per row; a defect that changes its root runs alone.
 */
function fixtureServer(mode: string | undefined): TargetDefinition {
  if (mode !== undefined && MUTATING_MODES.has(mode)) {
    return createFixtureRootTarget({
      name: mode,
      command: process.execPath,
      args: [SERVER, '--break', mode],
    });
  }
  const url = mode === undefined ? modes.url : modes.url.replace(/\/mcp$/, `/${mode}/mcp`);
  return createTarget(mode ?? 'good', { kind: 'http', url });
}

beforeAll(async () => {
  ({ root } = await prepareFixtureRoot(await temporaryFolder(), CONTEXT_CACHE_BUILDER));
  modes = await startHttpFixture(join('context-cache', 'server.mjs'), { FIXTURE_ROOT: root });
  cleanups.push(() => modes.close());
  [good, reference] = await Promise.all([
    runConformance({ targets: [fixtureServer(undefined)], specs: SPECS, profiles: PROFILES }),
    runConformance({ targets: contextCacheTargets, specs: SPECS, profiles: PROFILES }),
  ]);
  // Spawning and building under a loaded machine can outlast the default hook timeout.
}, 90_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the context-cache checks', () => {
  it('proves every check against a broken fixture', () => {
    expect(
      [...new Set([...BROKEN_FIXTURES.map((row) => row.requirement), TRANSPORT])].sort(),
    ).toEqual([...new Set(contextCacheSpec.checks.map((check) => check.requirement))].sort());
  });

  it('fails the transport check on the fixture served over HTTP, and passes it over stdio', () => {
    expect(resultOf(good, TRANSPORT)).toMatchObject({
      status: 'fail',
      message: 'reached over HTTP; v0 context-cache servers use stdio only',
    });
    expect(resultOf(reference, TRANSPORT)).toMatchObject({ status: 'pass' });
  });

  it('passes every check but the transport on the good fixture server', () => {
    expect(good.summary).toMatchObject({ failed: 1, mustFailed: 1, skipped: 0 });
    expect(good.targets[0]?.results.map((result) => result.id)).toEqual(
      contextCacheSpec.requirements.map((requirement) => requirement.id),
    );
  });

  it('passes every check on x-context-cache serve', () => {
    expect(reference.summary).toMatchObject({ failed: 0, skipped: 0 });
  });

  describe.concurrent.each(BROKEN_FIXTURES)('$requirement', ({ requirement, mode, message }) => {
    it(`fails on the ${mode} defect and passes on the good fixture and the reference`, async () => {
      const report = await runConformance({
        targets: [fixtureServer(mode)],
        specs: SPECS,
        profiles: PROFILES,
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
      expect(resultOf(good, requirement).status).toBe('pass');
      expect(resultOf(reference, requirement).status).toBe('pass');
    });
  });

  it('holds a server that words its errors its own way to the spec, and to the profile apart', async () => {
    const report = await runConformance({
      targets: [fixtureServer('custom-messages')],
      specs: SPECS,
      profiles: PROFILES,
    });
    const failed = (report.targets[0]?.results ?? []).filter((result) => result.status === 'fail');
    expect(failed.map((result) => [result.id, result.profile])).toEqual([
      [TRANSPORT, undefined],
      ['context-cache.errors.canonical-messages', X_PROFILE],
    ]);
    expect(report.summary).toMatchObject({ failed: 1, profile: { failed: 1, mustFailed: 0 } });
  });

  it('skips what needs known documents on a server without the fixture, and says why', async () => {
    const other = join(await temporaryFolder(), 'caches');
    await mkdir(other);
    await cp(join(root, FIXTURE_CACHE), join(other, 'docs'), { recursive: true });
    const report = await runConformance({
      targets: [
        createCommandLineTarget(
          `'${process.execPath}' '${CONTEXT_CACHE_CLI}' serve --root '${other}'`,
        ),
      ],
      specs: ['context-cache'],
    });
    const results = report.targets[0]?.results ?? [];
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(results.find((result) => result.id === TRANSPORT)?.status).toBe('pass');
    const skipped = results.filter((result) => result.status === 'skip');
    expect(skipped.map((result) => result.id).sort()).toEqual([...NEEDS_FIXTURE].sort());
    for (const result of skipped) {
      expect(result.message).toMatch(
        /^needs the conformance fixture cache "conformance-fixture" \(known documents\)/,
      );
    }
  });

  it('detects the spec on x-context-cache serve, and not on servers without the three tools', async () => {
    const report = await runConformance({
      targets: [
        ...contextCacheTargets,
        fixtureTarget('good-server.mjs'),
        fixtureServer('missing-tool'),
      ],
      requirements: ['mcp.lifecycle.initialize'],
    });
    expect(report.targets.map((target) => target.specs.includes('context-cache'))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('reports a fixture that cannot be built as a target that could not be started', async () => {
    const target = createFixtureRootTarget({
      name: 'unbuildable',
      command: process.execPath,
      args: [SERVER],
      builder: {
        command: process.execPath,
        args: ['-e', 'process.stderr.write("no build"); process.exit(3)'],
      },
    });
    await expect(runConformance({ targets: [target] })).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringMatching(
        /^target "unbuildable" could not be set up: building the fixture cache failed: no build$/,
      ),
    });
  });
});
