import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/browse/catalog.js';
import { toClientSafeName } from '../../src/tool-id/client-safe-name.js';
import { realisticCatalog } from './realistic-catalog.js';

const catalog = createCatalog(realisticCatalog());
const entries = catalog.toolIds.map((toolId) => {
  const entry = catalog.entry(toolId);
  if (entry === undefined) throw new Error(`no entry for ${toolId}`);
  return entry;
});

/** The ids of the tools whose upstream name is `name`, case ignored. */
function named(name: string): string[] {
  return entries
    .filter((entry) => entry.upstreamName.toLowerCase() === name.toLowerCase())
    .map((entry) => entry.toolId)
    .sort();
}

describe('exact names always win, over every tool of a LiveMCPBench-shaped catalog', () => {
  it('has the catalog’s shape: hundreds of tools, names shared by several servers', () => {
    expect(catalog.size).toBeGreaterThan(400);
    expect(named('search').length).toBeGreaterThanOrEqual(4);
  });

  it('ranks a tool first for a request equal to its id or its client-safe name', () => {
    for (const { toolId } of entries) {
      expect(catalog.route(toolId, 1)[0]?.id).toBe(toolId);
      expect(catalog.route(toolClientSafe(toolId), 1)[0]?.id).toBe(toolId);
    }
  });

  it('ranks the tools of a name first for a request equal to that name', () => {
    for (const { upstreamName } of entries) {
      const sharing = named(upstreamName);
      const top = catalog
        .route(upstreamName, sharing.length)
        .map((card) => card.id)
        .sort();
      expect(top).toEqual(sharing);
    }
  });

  it('ranks a tool first for a request that contains its id or client-safe name among other words', () => {
    for (const { toolId } of entries) {
      expect(catalog.route(`please run ${toolId} on my files`, 1)[0]?.id).toBe(toolId);
      expect(catalog.route(`use "${toolClientSafe(toolId)}".`, 1)[0]?.id).toBe(toolId);
    }
  });
});

function toolClientSafe(toolId: string): string {
  return toClientSafeName(toolId);
}
