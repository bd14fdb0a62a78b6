import { join } from 'node:path';
import { createStdioTarget, type TargetDefinition } from '../../../src/index.js';
import { FIXTURES_DIRECTORY, fixtureTarget } from '../../helpers.js';

/** Requirements no client can observe (runtime limits, storage), so they have no check. */
export const UNOBSERVABLE: readonly string[] = [
  'pd.5.3.runtime-layer',
  'pd.7.1.file-per-tool',
  'pd.7.2.reload-on-change',
];

/** The check that needs a restricted caller over HTTP, so it does not apply over stdio. */
export const NEEDS_RESTRICTED_CALLER = 'pd.5.3.primary-authorization';

/** The progressive-disclosure fixture server, relative to the fixtures folder. */
export const PD_FIXTURE = 'progressive-disclosure/pd-server.mjs';

/** The fixture over stdio, with one defect (or none). */
export function pdFixture(defect = 'none'): TargetDefinition {
  return fixtureTarget(PD_FIXTURE, '--defect', defect);
}

/**
 * The fixture over stdio with `defect` (default `shared-grants`), every process of the run
 * sharing one grants file.
 */
export function sharedGrantsOverStdio(defect = 'shared-grants'): TargetDefinition {
  return createStdioTarget({
    name: `pd-server-${defect}`,
    command: process.execPath,
    args: [join(FIXTURES_DIRECTORY, PD_FIXTURE), '--defect', defect],
    withTemporaryDirectory: (directory) => ({ args: ['--grants', join(directory, 'grants.json')] }),
  });
}
