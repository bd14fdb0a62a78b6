/** The good MCS driver with a defect (its options `{ defect }`). */

import { fixtureDriver } from '../specs/mcs/driver-fixtures.js';
import type { DefectKit } from './kit.js';

/** The kit of `mcs`. */
export function mcsKit(): DefectKit {
  return {
    target: (_setup, defect) => fixtureDriver('good-driver.mjs', { defect }),
    options: { timeoutMs: 10_000 },
  };
}
