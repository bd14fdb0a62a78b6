/** The 2026-07-28 era fixture with a defect, over Streamable HTTP, in the modern era. */

import { createHttpFixtureTarget } from '../../src/era/era-fixture-targets.js';
import type { DefectKit } from './kit.js';

/** The kit of `mcp-2026`. */
export function mcp2026Kit(): DefectKit {
  return {
    target: (_setup, defect) =>
      createHttpFixtureTarget(`modern-only ${defect}`, 'modern-only.mjs', ['--defect', defect]),
    eras: () => ['modern'],
  };
}
