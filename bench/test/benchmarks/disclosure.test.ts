import { describe, expect, it } from 'vitest';
import { measureDisclosure } from '../../src/benchmarks/disclosure/measure.js';
import {
  formatDisclosureTable,
  renderDisclosureChart,
} from '../../src/benchmarks/disclosure/report.js';
import { discloseCatalog } from '../../src/benchmarks/disclosure/servers.js';
import { SMALL_CATALOG } from '../fixtures/tools.js';

const IDENTITY = { name: 'small', title: 'small catalog', source: 'test' };

describe('disclosure benchmark parts', () => {
  it('measures a stage 1 smaller than the full list and reads of k distinct tools', async () => {
    const server = await discloseCatalog(SMALL_CATALOG, IDENTITY);
    try {
      const cost = await measureDisclosure(server, { ks: [1, 2], draws: 4, seed: 1 });
      expect(cost.tools).toBe(3);
      expect(cost.stageOne).toBeLessThan(cost.full);
      const [one, two] = cost.reads;
      expect(one).toMatchObject({ k: 1, reads: 3 });
      expect(two).toMatchObject({ k: 2, reads: 4 });
      expect(two?.mean).toBeGreaterThan(one?.mean ?? 0);
      expect(one?.min).toBeLessThanOrEqual(one?.max ?? 0);
      expect(one?.fullEntriesMean).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('gives the same figures for the same seed', async () => {
    const measure = async () => {
      const server = await discloseCatalog(SMALL_CATALOG, IDENTITY);
      try {
        return await measureDisclosure(server, { ks: [2], draws: 3, seed: 5 });
      } finally {
        await server.close();
      }
    };
    expect(await measure()).toEqual(await measure());
  });

  it('tables and charts each k in percent of the full list', () => {
    const outcome = {
      server: IDENTITY,
      cost: {
        tools: 3,
        full: 1_000,
        stageOne: 200,
        reads: [{ k: 1, reads: 3, mean: 100, min: 90, max: 110, fullEntriesMean: 300 }],
      },
    };
    const text = formatDisclosureTable([outcome]);
    expect(text).toContain('20.0%');
    expect(text).toContain('30.0%');
    expect(renderDisclosureChart([outcome]).match(/<rect [^>]*><title>/g)).toHaveLength(3);
  });
});
