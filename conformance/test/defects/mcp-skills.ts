/** The Skills extension fixture with a defect, over stdio, in the 2026-07-28 era. */

import { fixtureTarget } from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The fixture, relative to `test/fixtures/`. */
export const SKILLS_FIXTURE = 'skills/skills-server.mjs';

/** The kit of `mcp-skills`: every row in the modern era, where the cache-hint check runs too. */
export function mcpSkillsKit(): DefectKit {
  return {
    target: (_setup, defect) => fixtureTarget(SKILLS_FIXTURE, '--defect', defect),
    eras: () => ['modern'],
  };
}
