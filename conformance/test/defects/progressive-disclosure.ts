/**
 * The progressive-disclosure fixture with a defect: by default one HTTP process serving every
 * defect (`?defect=NAME`), each run with callers of its own, in both eras; `stdio` a process per
 * session, the processes sharing one grants file.
 */

import { createTarget, type TargetDefinition } from '../../src/index.js';
import { PD_SETTINGS_KEY } from '../../src/specs/progressive-disclosure/settings.js';
import { type HttpFixture, startHttpFixture } from '../helpers.js';
import {
  PD_FIXTURE,
  pdFixture,
  sharedGrantsOverStdio,
} from '../specs/progressive-disclosure/pd-targets.js';
import { type DefectKit, safeKey } from './kit.js';

/** Three distinct callers and a restricted one, by bearer tokens no other run uses. */
export function callerSettings(pool: string) {
  const bearer = (name: string) => ({ Authorization: `Bearer ${name}` });
  return {
    [PD_SETTINGS_KEY]: {
      callers: ['first', 'second', 'third'].map((name) => bearer(`${pool}-${name}`)),
      restrictedCaller: bearer(`restricted-${pool}`),
    },
  };
}

/**
 * The fixture over HTTP at `url` with `defect`, its grants and callers in `pool` (without the
 * callers when `callers` is false).
 */
export function pdOverHttp(
  url: string,
  defect: string,
  pool = '',
  callers = true,
): TargetDefinition {
  return {
    ...createTarget(`${PD_FIXTURE} ${defect} over http`, {
      kind: 'http',
      url: `${url}?defect=${defect}&pool=${encodeURIComponent(pool)}`,
    }),
    ...(callers ? { settings: callerSettings(pool) } : {}),
  };
}

/** The kit of `progressive-disclosure`. */
export function progressiveDisclosureKit(): DefectKit {
  let shared: HttpFixture | undefined;
  const url = () => {
    if (shared === undefined) throw new Error('the progressive-disclosure kit was not started');
    return shared.url;
  };
  return {
    async start() {
      shared = await startHttpFixture(PD_FIXTURE);
    },
    close: () => shared?.close() ?? Promise.resolve(),
    target: (setup, defect, key) =>
      setup === 'stdio' ? sharedGrantsOverStdio(defect) : pdOverHttp(url(), defect, safeKey(key)),
    good: (setup, key) =>
      setup === 'stdio' ? pdFixture() : pdOverHttp(url(), 'none', safeKey(key)),
    eras: (setup) => (setup === 'stdio' ? undefined : ['legacy', 'modern']),
  };
}
