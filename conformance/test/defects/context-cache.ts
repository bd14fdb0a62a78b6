/**
 * The context-cache fixture with a defect: by default one HTTP process serving every defect
 * (`?defect=NAME`); `own-root` over stdio on a cache root of its own. Its good twin is the
 * fixture over stdio, on a root of its own (over HTTP it has the defect served-over-http).
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTarget, X_PROFILE } from '../../src/index.js';
import { prepareFixtureRoot } from '../../src/specs/context-cache/fixture-root.js';
import {
  CONTEXT_CACHE_BUILDER,
  createFixtureRootTarget,
} from '../../src/specs/context-cache/targets.js';
import { FIXTURES_DIRECTORY, type HttpFixture, startHttpFixture } from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The fixture server's path. */
export const CONTEXT_CACHE_SERVER = join(FIXTURES_DIRECTORY, 'context-cache', 'server.mjs');

/** The fixture over stdio, with `defect`, on a fixture root of its own. */
export function contextCacheFixture(defect = 'none') {
  return createFixtureRootTarget({
    name: `context-cache fixture ${defect}`,
    command: process.execPath,
    args: [CONTEXT_CACHE_SERVER, '--defect', defect],
  });
}

/** The kit of `context-cache`. */
export function contextCacheKit(): DefectKit {
  let shared: HttpFixture | undefined;
  let folder: string | undefined;
  return {
    async start() {
      folder = await mkdtemp(join(tmpdir(), 'x-conformance-context-cache-defects-'));
      const { root } = await prepareFixtureRoot(folder, CONTEXT_CACHE_BUILDER);
      shared = await startHttpFixture(join('context-cache', 'server.mjs'), { FIXTURE_ROOT: root });
    },
    async close() {
      await shared?.close();
      if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    },
    target(setup, defect) {
      if (setup === 'own-root') return contextCacheFixture(defect);
      if (shared === undefined) throw new Error('the context-cache kit was not started');
      return createTarget(defect, { kind: 'http', url: `${shared.url}?defect=${defect}` });
    },
    good: () => contextCacheFixture(),
    options: { specs: ['context-cache'], profiles: [X_PROFILE] },
  };
}
