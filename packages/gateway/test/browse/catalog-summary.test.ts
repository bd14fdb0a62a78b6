import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/browse/catalog.js';
import { summarizeCatalog } from '../../src/browse/catalog-summary.js';
import { realisticCatalog } from './realistic-catalog.js';

describe('summarizeCatalog (the gateway instructions)', () => {
  it('says how many tools and servers are behind the gateway, how to find one, and what each server is for', () => {
    const catalog = createCatalog([
      {
        upstream: 'weather',
        tools: [
          { name: 'get_forecast', inputSchema: { type: 'object' } },
          { name: 'get_alerts', inputSchema: { type: 'object' } },
        ],
      },
      {
        upstream: 'docs',
        about: { title: 'Company handbook' },
        tools: [{ name: 'read_page', inputSchema: { type: 'object' } }],
      },
    ]);
    expect(summarizeCatalog(catalog)).toBe(
      [
        'This gateway stands in front of 3 tools of 2 servers. Find the tool a step needs with tool_browse(query) in plain words (a tool\'s name or id finds it exactly; a request of several steps gets tools for each), or tool_browse(path "/") to list them by server; run it with tool_execute.',
        'Servers:',
        '- weather (2 tools: get, alerts, forecast)',
        '- docs (1 tool: Company handbook)',
      ].join('\n'),
    );
  });

  it('names at most 30 servers of a large catalog and counts the rest', () => {
    const summary = summarizeCatalog(createCatalog(realisticCatalog()));
    expect(summary.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(30);
    expect(summary).toMatch(/and 40 more servers\.$/);
  });
});
