/**
 * Consistency rules of the requirement catalog, checked by the test suite (and usable by any
 * later spec's tests).
 *
 * @module
 */

import { DEFECT_NAME_PATTERN, type DefectTable } from './defect.js';
import { REQUIREMENT_LEVELS } from './requirement.js';
import type { SpecCatalogEntry } from './spec.js';

/** Requirement ids: dotted lowercase words (`mcp.ping.empty-result`). */
const ID_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * Every inconsistency of `registry`, one line each (none when it is sound): a MUST or SHOULD
 * without a check (unless marked unobservable, with its reason), an unobservable one with a
 * check, a check naming a requirement its spec does not list or naming no module (`definedIn`),
 * a requirement id that is malformed or used twice, an unknown level, a summary that is empty or
 * not one line, a spec name used twice; and for the defects: a spec with checks but no defect
 * table, a check no defect proves able to fail, a defect naming a requirement no check of its
 * spec decides, a malformed defect name, a row listed twice.
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
      if (check.definedIn === undefined) {
        problems.push(
          `${spec.name}: the check of ${check.requirement} names no module (definedIn: import.meta.url)`,
        );
      }
    }
    problems.push(...defectProblems(spec));
  }
  return problems;
}

/** The problems of a spec's defect table (see {@link findCatalogProblems}). */
function defectProblems(spec: SpecCatalogEntry): string[] {
  const checked = new Set(spec.checks.map((check) => check.requirement));
  if (spec.defects === undefined) {
    return checked.size === 0 ? [] : [`${spec.name}: has checks but no defect table`];
  }
  const table: DefectTable = spec.defects;
  const problems: string[] = [];
  if (table.fixture.trim() === '') problems.push(`${spec.name}: the defect table names no fixture`);
  const proven = new Set<string>();
  const rows = new Set<string>();
  for (const row of table.defects) {
    const where = `${spec.name}: defect ${row.defect} of ${row.requirement}`;
    if (!checked.has(row.requirement)) problems.push(`${where}: no check of the spec decides it`);
    if (!DEFECT_NAME_PATTERN.test(row.defect))
      problems.push(`${where}: the name is not lowercase words joined by hyphens`);
    const key = `${row.requirement} ${row.defect} ${row.setup ?? ''}`;
    if (rows.has(key)) problems.push(`${where}: is listed twice`);
    rows.add(key);
    proven.add(row.requirement);
  }
  for (const requirement of checked) {
    if (!proven.has(requirement))
      problems.push(`${spec.name}: no defect proves the check of ${requirement} able to fail`);
  }
  return problems;
}
