import { countJsonTokens } from '@x/core/tokens';
import { describe, expect, it } from 'vitest';
import { discloseCatalog } from '../../src/benchmarks/disclosure/servers.js';
import { listAllTools } from '../../src/servers/in-memory.js';
import { SMALL_CATALOG } from '../fixtures/tools.js';

const IDENTITY = { name: 'small', title: 'small catalog', source: 'test' };

async function stageOne(options: Parameters<typeof discloseCatalog>[2]) {
  const server = await discloseCatalog(SMALL_CATALOG, IDENTITY, options);
  try {
    return await listAllTools(server.client);
  } finally {
    await server.close();
  }
}

describe('disclosure benchmark stage-1 settings', () => {
  it('lists the library default, and the spec-literal form when asked, which costs more', async () => {
    const byDefault = await stageOne(undefined);
    const literal = await stageOne({ schemaStyle: 'explicit', maxSummaryTokens: 32 });
    expect(byDefault[0]?.inputSchema).toEqual({ type: 'object' });
    expect(literal[0]?.inputSchema).toEqual({ type: 'object', additionalProperties: true });
    expect(countJsonTokens(literal)).toBeGreaterThan(countJsonTokens(byDefault));
  });
});
