/**
 * Consistency rules of the requirement catalog, checked by the test suite (and usable by any
 * later spec's tests).
 *
 * @module
 */

import { REQUIREMENT_LEVELS } from './requirement.js';
import type { SpecCatalogEntry } from './spec.js';

/** Requirement ids: dotted lowercase words (`mcp.ping.empty-result`). */
const ID_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * Every inconsistency of `registry`, one line each (none when it is sound): a MUST or SHOULD
 * without a check (unless marked unobservable, with its reason), an unobservable one with a check, a check naming a requirement its spec does not list, a requirement id that is
 * malformed or used twice, an unknown level, a summary that is empty or not one line, a spec name
 * used twice.
 */
export function findCatalogProblems(registry: readonly SpecCatalogEntry[]): string[] {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const seenSpecs = new Set<string>();
  for (const spec of registry) {
    if (seenSpecs.has(spec.name)) problems.push(`spec name ${spec.name} is registered twice`);
    seenSpecs.add(spec.name);
    const ids = new Set(spec.requirements.map((requirement) => requirement.id));
    for (const requirement of spec.requirements) {
      const where = `${spec.name}: ${requirement.id}`;
      if (!ID_PATTERN.test(requirement.id))
        problems.push(`${where}: the id is not dotted lowercase words`);
      if (seenIds.has(requirement.id)) problems.push(`${where}: the id is used twice`);
      seenIds.add(requirement.id);
      if (!REQUIREMENT_LEVELS.includes(requirement.level))
        problems.push(`${where}: unknown level ${requirement.level}`);
      if (requirement.summary.trim() === '' || requirement.summary.includes('\n')) {
        problems.push(`${where}: the summary must be one non-empty line`);
      }
      if (requirement.spec.trim() === '' || requirement.section.trim() === '') {
        problems.push(`${where}: the source document and section must be named`);
      }
      const checked = spec.checks.some((check) => check.requirement === requirement.id);
      if (requirement.unobservable !== undefined) {
        if (checked) problems.push(`${where}: is marked unobservable but has a check`);
        if (requirement.unobservable.trim() === '' || requirement.unobservable.includes('\n'))
          problems.push(`${where}: the reason it is unobservable must be one non-empty line`);
      } else if (!checked && requirement.level !== 'MAY') {
        problems.push(`${where}: a ${requirement.level} requirement has no check`);
      }
    }
    for (const check of spec.checks) {
      if (!ids.has(check.requirement)) {
        problems.push(`${spec.name}: a check names the unknown requirement ${check.requirement}`);
      }
    }
  }
  return problems;
}
