import type { Catalog } from '@x/core/catalog-server';
import { describe, expect, it } from 'vitest';
import { synthesizeCatalog } from '../../src/datasets/synthetic-catalog.js';

const SOURCE: Catalog = Array.from({ length: 7 }, (_, index) => ({
  server: index < 4 ? 'Science/Geology' : 'Technology/Databases',
  name: `tool${index}`,
  description: `Tool number ${index}.`,
  inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
}));

describe('synthesizeCatalog', () => {
  it('draws the asked number of tools with unique names, renaming repeated draws', () => {
    const catalog = synthesizeCatalog(SOURCE, { size: 20, seed: 1, toolsPerServer: 5 });
    expect(catalog).toHaveLength(20);
    expect(new Set(catalog.map((tool) => tool.name)).size).toBe(20);
    expect(catalog.filter((tool) => tool.name === 'tool3_2')).toHaveLength(1);
    const copy = catalog.find((tool) => tool.name === 'tool3_2');
    expect(copy?.inputSchema).toBe(SOURCE[3]?.inputSchema);
    expect(copy?.description).toBe('Tool number 3.');
  });

  it('cuts the tools into servers named after the source domain', () => {
    const catalog = synthesizeCatalog(SOURCE, { size: 14, seed: 1, toolsPerServer: 5 });
    const servers = [...new Set(catalog.map((tool) => tool.server))];
    expect(servers).toEqual(['science-1', 'science-2', 'technology-3']);
    expect(catalog.filter((tool) => tool.server === 'technology-3')).toHaveLength(4);
  });

  it('gives the same catalog for the same seed and another order for another seed', () => {
    const options = { size: 7, seed: 5, toolsPerServer: 7 };
    const first = synthesizeCatalog(SOURCE, options);
    expect(synthesizeCatalog(SOURCE, options)).toEqual(first);
    expect(synthesizeCatalog(SOURCE, { ...options, size: 3 }).map((tool) => tool.name)).not.toEqual(
      synthesizeCatalog(SOURCE, { ...options, size: 3, seed: 6 }).map((tool) => tool.name),
    );
  });

  it('gives an empty catalog for an empty source or size 0', () => {
    expect(synthesizeCatalog([], { size: 5, seed: 1, toolsPerServer: 2 })).toEqual([]);
    expect(synthesizeCatalog(SOURCE, { size: 0, seed: 1, toolsPerServer: 2 })).toEqual([]);
  });
});
