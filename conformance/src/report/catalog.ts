/**
 * The requirement catalog as `--list` prints it.
 *
 * @module
 */

import type { SpecCatalogEntry } from '../spec.js';
import { formatTable } from './table.js';

/** The catalog as text: one table per spec. */
export function formatCatalogText(registry: readonly SpecCatalogEntry[]): string {
  const sections = registry.map((spec) => {
    const rows = spec.requirements.map((requirement) => [
      requirement.id,
      requirement.level,
      `${requirement.spec} ${requirement.section}`,
      requirement.summary,
    ]);
    return [
      `${spec.name}: ${spec.description}`,
      formatTable(['ID', 'LEVEL', 'SOURCE', 'SUMMARY'], rows, '  '),
    ].join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}

/** The catalog as JSON: `{specs: [{name, description, requirements: [{id, spec, section, level, summary}]}]}`. */
export function formatCatalogJson(registry: readonly SpecCatalogEntry[]): string {
  const plain = {
    specs: registry.map((spec) => ({
      name: spec.name,
      description: spec.description,
      requirements: spec.requirements.map((requirement) => ({
        id: requirement.id,
        spec: requirement.spec,
        section: requirement.section,
        level: requirement.level,
        summary: requirement.summary,
      })),
    })),
  };
  return `${JSON.stringify(plain, null, 2)}\n`;
}
