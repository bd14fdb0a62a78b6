/**
 * Checks of `skills/get` (SEP-2640 "Retrieval via skills/get").
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';
import { sameJson } from '../frontmatter.js';
import { entryProblems, listedSkills, NOT_DECLARED, skillsCapability } from '../skill-listing.js';

/** At most this many skills are fetched. */
const MAX_SKILLS = 10;

/** A skill URI no server serves. */
const UNKNOWN_SKILL_URI = 'skill://x-conformance-no-such-skill/SKILL.md';

/** skills/get answers each listed skill with its listing entry. */
export const getEntryCheck: Check = {
  requirement: 'skills.get.entry',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const session = await context.session();
    const chosen = skills.slice(0, MAX_SKILLS);
    const problems: string[] = [];
    for (const listed of chosen) {
      const response = await session.request('skills/get', { uri: listed.uri });
      const error = errorOf(response);
      if (error !== undefined) {
        problems.push(`skills/get ${listed.uri} got error ${describeRawError(error)}`);
        continue;
      }
      const got = isRecord(response.result) ? response.result.skill : undefined;
      const shape = entryProblems(got, 'skill');
      if (shape.length > 0) {
        problems.push(`skills/get ${listed.uri}: ${shape.join(', ')}`);
        continue;
      }
      const entry = got as Record<string, unknown>;
      const differing = (['uri', 'frontmatter', 'resources'] as const).filter(
        (field) => !sameJson(entry[field], listed[field]),
      );
      if (differing.length > 0) {
        problems.push(
          `skills/get ${listed.uri} differs from its listing entry in ${differing.join(', ')}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`skills/get answers ${chosen.length} listed skill(s) with their entries`);
  },
};

/** skills/get of a URI that names no skill gets -32602. */
export const getUnknownCheck: Check = {
  requirement: 'skills.get.unknown',
  definedIn: import.meta.url,
  async run(context) {
    if ((await skillsCapability(context)) === undefined) return NOT_DECLARED;
    const session = await context.session();
    const response = await session.request('skills/get', { uri: UNKNOWN_SKILL_URI });
    const error = errorOf(response);
    if (error === undefined) {
      return fail(`skills/get ${UNKNOWN_SKILL_URI}: answered with a result, not error -32602`);
    }
    return error.code === -32602
      ? pass(`skills/get of an unknown skill got ${describeRawError(error)}`)
      : fail(`skills/get ${UNKNOWN_SKILL_URI}: error ${describeRawError(error)}, not -32602`);
  },
};
