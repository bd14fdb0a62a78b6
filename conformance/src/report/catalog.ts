/**
 * The requirement catalog as `--list` prints it.
 *
 * @module
 */

import { type Requirement, requirementKind } from '../requirement.js';
import type { SpecCatalogEntry } from '../spec.js';
import { formatTable } from './table.js';

/** Where a requirement comes from: the document, its section and the key phrase, quoted. */
function formatSource(requirement: Requirement): string {
  return `${requirement.spec} ${requirement.section}: "${requirement.phrase ?? requirement.summary}"`;
}

/** The remarks of a requirement: why it is unobservable, how the source was read. */
function formatRemarks(requirement: Requirement): string {
  return [
    requirement.unobservable === undefined
      ? ''
      : `not observable over MCP: ${requirement.unobservable}`,
    requirement.note ?? '',
  ]
    .filter((remark) => remark !== '')
    .join(' ');
}

/**
 * The catalog as text: one table per spec, each row the id, spec or profile, level, source
 * (document, section, quoted key phrase) and remarks.
 */
export function formatCatalogText(registry: readonly SpecCatalogEntry[]): string {
  const sections = registry.map((spec) => {
    const rows = spec.requirements.map((requirement) => [
      requirement.id,
      requirementKind(requirement),
      requirement.level,
      formatSource(requirement),
      formatRemarks(requirement),
    ]);
    return [
      `${spec.name}: ${spec.description}`,
      formatTable(['ID', 'KIND', 'LEVEL', 'SOURCE', 'REMARKS'], rows, '  '),
    ].join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}

/**
 * The catalog as JSON: `{specs: [{name, description, requirements: [{id, kind, spec, section,
 * phrase, level, summary, note?, unobservable?}]}]}`; `kind` is `spec` or the profile's name.
 */
export function formatCatalogJson(registry: readonly SpecCatalogEntry[]): string {
  const plain = {
    specs: registry.map((spec) => ({
      name: spec.name,
      description: spec.description,
      requirements: spec.requirements.map((requirement) => ({
        id: requirement.id,
        kind: requirementKind(requirement),
        spec: requirement.spec,
        section: requirement.section,
        phrase: requirement.phrase ?? requirement.summary,
        level: requirement.level,
        summary: requirement.summary,
        ...(requirement.note === undefined ? {} : { note: requirement.note }),
        ...(requirement.unobservable === undefined
          ? {}
          : { unobservable: requirement.unobservable }),
      })),
    })),
  };
  return `${JSON.stringify(plain, null, 2)}\n`;
}
