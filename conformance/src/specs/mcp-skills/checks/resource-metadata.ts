/**
 * Check of how `resources/list` describes a skill's `SKILL.md` (SEP-2640 "Resource Metadata").
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';
import { listedSkills } from '../skill-listing.js';

/** At most this many resources/list pages are read. */
const MAX_PAGES = 20;

/** Each SKILL.md that resources/list names has text/markdown and the frontmatter's name and description. */
export const resourceMetadataCheck: Check = {
  requirement: 'skills.resource-metadata',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const byUri = new Map(skills.map((skill) => [skill.uri, skill.frontmatter]));
    const session = await context.session();
    const problems: string[] = [];
    let described = 0;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await session.request(
        'resources/list',
        cursor === undefined ? {} : { cursor },
      );
      const error = errorOf(response);
      if (error?.code === -32601) return notApplicable('the server does not serve resources/list');
      if (error !== undefined) return fail(`resources/list got error ${describeRawError(error)}`);
      const result = isRecord(response.result) ? response.result : {};
      const resources = Array.isArray(result.resources) ? (result.resources as unknown[]) : [];
      for (const resource of resources) {
        if (!isRecord(resource) || typeof resource.uri !== 'string') continue;
        const frontmatter = byUri.get(resource.uri);
        if (frontmatter === undefined) continue;
        described++;
        if (resource.mimeType !== 'text/markdown') {
          problems.push(
            `${resource.uri}: mimeType is ${String(resource.mimeType)}, not text/markdown`,
          );
        }
        for (const field of ['name', 'description'] as const) {
          if (resource[field] !== frontmatter[field]) {
            problems.push(`${resource.uri}: ${field} is not the frontmatter's`);
          }
        }
      }
      if (typeof result.nextCursor !== 'string') break;
      cursor = result.nextCursor;
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return described === 0
      ? notApplicable('resources/list names no listed SKILL.md')
      : pass(`resources/list describes ${described} SKILL.md as their frontmatter does`);
  },
};
