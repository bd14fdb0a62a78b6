import { createCatalogServer, parseCatalog } from '@x/core/catalog-server';
import { countTokens } from '@x/core/tokens';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type CashServer, createCashServer, createUpstreamMount } from '../src/index.js';
import { syntheticCatalog, TARGET_TOOL } from './fixtures/synthetic-catalog.js';
import { json, text } from './helpers.js';
import { inMemoryUpstream } from './upstream-helpers.js';

/** The size of the Seal-Tools catalog the issue measured `help("seal")` on. */
const TOOLS = 4_076;
/** The default bound of one help answer. */
const LIMIT = 2_000;

let pair: TestPair | undefined;
let aggregator: CashServer | undefined;
afterEach(async () => {
  await pair?.close();
  await aggregator?.close();
  pair = undefined;
  aggregator = undefined;
});

/** `x-cash aggregate` in process: one plain MCP server with `tools` tools mounted as `seal`. */
async function aggregate(tools: number, helpTokenLimit?: number): Promise<TestPair> {
  aggregator = createCashServer({
    name: 'aggregator',
    ...(helpTokenLimit === undefined ? {} : { helpTokenLimit }),
  });
  const upstream = await inMemoryUpstream(
    'seal',
    createCatalogServer(parseCatalog(syntheticCatalog(tools))),
    30_000,
  );
  aggregator.mount('seal', createUpstreamMount(upstream));
  pair = await createTestPair(aggregator.createMcpServer());
  return pair;
}

/** A help answer's text, after checking it is within `limit` tokens. */
async function help(args: Record<string, unknown>, limit = LIMIT): Promise<string> {
  const answer = text(await (pair as TestPair).callTool('help', args));
  expect(countTokens(answer)).toBeLessThanOrEqual(limit);
  return answer;
}

/** The function labels a markdown listing shows. */
function labels(answer: string): string[] {
  return [...answer.matchAll(/^- \*\*([^*]+)\*\* — /gm)].map((match) => match[1] as string);
}

describe('help of an aggregate over a 4,076-tool upstream', () => {
  it('gates the namespace listing within 2,000 tokens, with the count and both ways on', async () => {
    await aggregate(TOOLS);
    expect(await help({})).toContain('**seal**');
    const answer = await help({ namespace: 'seal' });
    expect(answer).toContain('**Gated:** this listing has 4,076 entries');
    expect(answer).toContain('help(namespace="seal", kwargs={"query":"<words>"})');
    const shown = labels(answer);
    expect(shown.length).toBeGreaterThan(20);
    expect(answer).toContain(`help(namespace="seal", kwargs={"offset":${shown.length}})`);
  });

  it('pages through every entry exactly once with offset, each page within the bound', async () => {
    await aggregate(TOOLS);
    const seen: string[] = [];
    for (let pages = 0; pages < 200 && seen.length < TOOLS; pages += 1) {
      const page = labels(await help({ namespace: 'seal', kwargs: { offset: seen.length } }));
      expect(page.length).toBeGreaterThan(0);
      seen.push(...page);
    }
    const expected = syntheticCatalog(TOOLS).map((tool) => tool.name.replaceAll('-', '_'));
    expect(seen).toEqual(expected);
  }, 120_000);

  it('finds the right function with a query and documents it, every answer within the bound', async () => {
    await aggregate(TOOLS);
    const found = await help({
      namespace: 'seal',
      kwargs: { query: 'change dollars into euros at the exchange rate' },
    });
    expect(found).toMatch(/^Matching "change dollars into euros at the exchange rate": /m);
    expect(labels(found)[0]).toBe(TARGET_TOOL.name);
    const documented = await help({ namespace: 'seal', function: labels(found)[0] });
    expect(documented).toContain('| from_currency | string | yes |');
    const result = await (pair as TestPair).callTool('call', {
      namespace: 'seal',
      function: TARGET_TOOL.name,
      kwargs: { amount: 5, from_currency: 'USD', to_currency: 'EUR' },
    });
    expect(result.isError).toBeUndefined();
  });

  it('keeps JSON listings within the bound, with the page object', async () => {
    await aggregate(TOOLS);
    const answer = await help({ namespace: 'seal', kwargs: { format: 'json', offset: 100 } });
    const page = JSON.parse(answer).page as Record<string, number>;
    expect(page).toMatchObject({ total: TOOLS, offset: 100, gated_at_tokens: LIMIT });
    expect(page.next_offset).toBe(100 + (page.shown ?? 0));
  });

  it('honours a configured bound', async () => {
    await aggregate(TOOLS, 1_000);
    const answer = await help({ namespace: 'seal' }, 1_000);
    expect(answer).toContain('more than one help answer holds (1,000 tokens)');
  });
});

describe('help within the bound for small servers', () => {
  it('answers a listing that fits unchanged, and narrows it with a query', async () => {
    await aggregate(30);
    const whole = await help({ namespace: 'seal' });
    expect(whole).not.toContain('Gated');
    expect(labels(whole)).toHaveLength(30);
    const narrowed = await help({ namespace: 'seal', kwargs: { query: 'currency' } });
    expect(labels(narrowed)).toEqual([TARGET_TOOL.name]);
    expect(narrowed).toContain('Matching "currency": 1 entry of 30, best first.');
    const none = await help({ namespace: 'seal', kwargs: { query: 'zzzz' } });
    expect(labels(none)).toEqual([]);
    expect(none).toContain('Matching "zzzz": 0 entries of 30');
  });

  it('cuts a function documentation above the bound, and gates it in JSON', async () => {
    aggregator = createCashServer({ name: 'big' });
    aggregator.function('essay', {
      summary: 'A function with a very long description.',
      description: 'Many words here. '.repeat(1_500),
      handler: () => 'ok',
    });
    pair = await createTestPair(aggregator.createMcpServer());
    const cut = await help({ function: 'essay' });
    expect(cut).toMatch(
      /_Cut: the whole answer is [\d,]+ tokens, over the 2,000-token help limit\._$/,
    );
    const gated = json(
      await pair.callTool('help', { function: 'essay', kwargs: { format: 'json' } }),
    );
    expect(gated).toMatchObject({ function: 'essay', gated: true, token_limit: LIMIT });
  });

  it('refuses a bound below 1,000 tokens', () => {
    expect(() => createCashServer({ name: 'tiny', helpTokenLimit: 999 })).toThrow(/helpTokenLimit/);
  });
});
