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
  MCP_BASE_FIXTURE,
  resultOf,
  startHttpFixture,
} from '../../helpers.js';

const SERVER = join(FIXTURES_DIRECTORY, 'context-cache', 'server.mjs');

// Each check's defects are proven in test/defects.test.ts (src/specs/context-cache/defects.ts).

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

/** Over HTTP the fixture has the defect served-over-http: v0 servers use stdio. */
const TRANSPORT = 'context-cache.transport.stdio';

const SPECS = ['context-cache'];
/** The fixture and the reference are this project's: they are held to its profile too. */
const PROFILES = [X_PROFILE];

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

/** The fixture server over HTTP with `defect` switched on (none when undefined). */
function fixtureServer(defect: string | undefined): TargetDefinition {
  const url = defect === undefined ? modes.url : `${modes.url}?defect=${defect}`;
  return createTarget(defect ?? 'good', { kind: 'http', url });
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
        fixtureTarget(MCP_BASE_FIXTURE),
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
