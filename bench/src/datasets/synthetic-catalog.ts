/**
 * Synthetic tool catalogs of any size, made deterministically from a real one (Seal-Tools).
 *
 * @module
 */

import type { Catalog, CatalogTool } from '@x/core/catalog-server';
import { createRandom, shuffled } from '../random.js';

/** How {@link synthesizeCatalog} builds a catalog. */
export interface SyntheticCatalogOptions {
  /** How many tools. */
  readonly size: number;
  /** The seed of the sampling. */
  readonly seed: number;
  /** How many tools each synthetic server gets (the last one may get fewer). */
  readonly toolsPerServer: number;
}

/**
 * A catalog of `size` tools drawn from `source`: the source in a seeded random order, again in
 * a new order each time it runs out. A tool drawn again keeps its description and schema and
 * gets a new name (`<name>_2`, `<name>_3`, ...), so names are unique across the catalog. The
 * tools are then ordered by their source server and name, and cut into servers of
 * `toolsPerServer` named `<source domain>-<number>` (the source server's first `/` part), so a
 * server holds related tools as a real one does. Same source and options, same catalog.
 */
export function synthesizeCatalog(source: Catalog, options: SyntheticCatalogOptions): Catalog {
  if (source.length === 0 || options.size <= 0) return [];
  const random = createRandom(options.seed);
  const used = new Set<string>();
  const drawn: { tool: CatalogTool; name: string }[] = [];
  for (let round = 0; drawn.length < options.size; round += 1) {
    for (const tool of shuffled(source, random)) {
      if (drawn.length === options.size) break;
      const base = round === 0 ? tool.name : `${tool.name}_${round + 1}`;
      let name = base;
      for (let suffix = 2; used.has(name); suffix += 1) name = `${base}_${suffix}`;
      used.add(name);
      drawn.push({ tool, name });
    }
  }
  drawn.sort(
    (left, right) =>
      compareText(left.tool.server ?? '', right.tool.server ?? '') ||
      compareText(left.name, right.name),
  );
  const perServer = Math.max(1, Math.floor(options.toolsPerServer));
  const width = String(Math.ceil(drawn.length / perServer)).length;
  return drawn.map(({ tool, name }, index) => {
    const first = drawn[index - (index % perServer)]?.tool ?? tool;
    const number = String(Math.floor(index / perServer) + 1).padStart(width, '0');
    const server = `${slug(first.server?.split('/')[0] ?? '') || 'tools'}-${number}`;
    return {
      server,
      name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
    };
  });
}

/** Lowercase letters and digits, other runs turned into one `-`. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Code-unit order, explicit so that sorting never depends on the locale. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
