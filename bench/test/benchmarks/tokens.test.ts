import { CASH_TOOLS } from '@x/cash';
import { countJsonTokens } from '@x/core/tokens';
import { describe, expect, it } from 'vitest';
import { deployCatalog } from '../../src/benchmarks/tokens/deployments.js';
import { measureDiscovery } from '../../src/benchmarks/tokens/discovery.js';
import {
  formatTokensTables,
  pathToFirstCall,
  renderTokensChart,
} from '../../src/benchmarks/tokens/report.js';
import { SMALL_CATALOG } from '../fixtures/tools.js';

const IDENTITY = { name: 'small', title: 'small catalog', source: 'test' };

describe('tokens benchmark parts', () => {
  it('lists the catalog raw with server-prefixed names and mounts one namespace per server', async () => {
    const deployment = await deployCatalog(SMALL_CATALOG, IDENTITY);
    try {
      expect(deployment.rawTools.map((tool) => tool.name)).toEqual([
        'weather__get_forecast',
        'weather__get_alerts',
        'files__read_file',
      ]);
      expect(deployment.upstreams).toBe(2);
      const discovery = await measureDiscovery(deployment.cash, { functionSample: 10, seed: 1 });
      expect(discovery).toMatchObject({ listedTools: 3, namespaces: 2, functions: 3 });
      expect(discovery.toolsList).toBe(countJsonTokens(CASH_TOOLS));
      expect(discovery.namespace.calls).toBe(2);
      expect(discovery.function.calls).toBe(3);
      expect(discovery.index).toBeGreaterThan(0);
      expect(discovery.namespace.max).toBeGreaterThanOrEqual(discovery.namespace.mean);
      expect(pathToFirstCall(discovery)).toBe(
        discovery.toolsList + discovery.index + discovery.namespace.mean + discovery.function.mean,
      );
    } finally {
      await deployment.close();
    }
  });

  it('reads only the sampled functions when there are more', async () => {
    const deployment = await deployCatalog(SMALL_CATALOG, IDENTITY);
    try {
      const discovery = await measureDiscovery(deployment.cash, { functionSample: 2, seed: 1 });
      expect(discovery.function.calls).toBe(2);
      expect(discovery.functions).toBe(3);
    } finally {
      await deployment.close();
    }
  });

  it('tables each set with the raw / CaSH ratio and charts tokens on log axes', () => {
    const discovery = {
      toolsList: 300,
      listedTools: 3,
      index: 100,
      namespace: { calls: 2, mean: 200, max: 250 },
      function: { calls: 3, mean: 80, max: 90 },
      namespaces: 2,
      functions: 3,
    };
    const outcome = {
      deployment: { name: 'small', title: 'small catalog', source: 'test', upstreams: 2 },
      tools: 3,
      rawTokens: 6_000,
      discovery,
    };
    const text = formatTokensTables([outcome]);
    expect(text).toContain('20x');
    expect(text).toContain('680');
    expect(renderTokensChart([outcome]).match(/<polyline /g)).toHaveLength(5);
  });
});
