import { createMemorySessionStore, type SessionStore } from '@x/core/sessions';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CacheStableOptionsSchema } from '../../../src/browse/cache-stable/cache-stable-options.js';
import { CACHE_BREAKPOINT_ID } from '../../../src/browse/cache-stable/cache-stable-order.js';
import { renderCard } from '../../../src/cards/card-render.js';
import type { ChoiceCard } from '../../../src/cards/choice-card.js';
import { createGatewayServer } from '../../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../../src/server/runtime.js';
import {
  fakeUpstream,
  firstText,
  referenceUpstreams,
  simpleTool,
  structured,
} from '../../helpers.js';

const CACHE_STABLE = CacheStableOptionsSchema.parse({});

let pairs: TestPair[];
let runtime: GatewayRuntime;
let store: SessionStore;

beforeEach(async () => {
  pairs = [];
  store = createMemorySessionStore();
  runtime = await createGatewayRuntime({
    upstreams: Object.values(await referenceUpstreams(pairs)),
  });
});

afterEach(async () => {
  runtime.close();
  for (const pair of pairs.reverse()) await pair.close();
});

async function session(on: GatewayRuntime = runtime) {
  const pair = await createTestPair(
    createGatewayServer(on, { cacheStable: CACHE_STABLE, sessionStore: store }),
  );
  pairs.push(pair);
  return async (args: Record<string, unknown>) => {
    const result = await pair.client.callTool({ name: 'tool_browse', arguments: args });
    const cards = structured<{ cards: ChoiceCard[] }>(result).cards;
    return { cards, text: firstText(result), client: pair.client };
  };
}

function sortedIds(cards: readonly ChoiceCard[]): string[] {
  return cards.map((card) => card.id).sort();
}

describe('cache-stable browsing', () => {
  it('keeps a byte-stable prefix of frozen cards across browses with different queries', async () => {
    const browse = await session();
    const queries = [
      'read a file',
      'write text to a file',
      'create entities in memory',
      'read a file',
      'list directory',
    ];
    const firstLine = new Map<string, string>();
    const seen = new Set<string>();
    for (const query of queries) {
      const { cards, text } = await browse({ query, top_k: 8 });
      const lines = text.split('\n').slice(1);
      const marker = cards.findIndex((card) => card.id === CACHE_BREAKPOINT_ID);
      const prefix =
        marker < 0 ? cards.filter((card) => seen.has(card.id)) : cards.slice(0, marker);
      const suffix =
        marker < 0 ? cards.filter((card) => !seen.has(card.id)) : cards.slice(marker + 1);
      expect(marker >= 0).toBe(prefix.length > 0 && suffix.length > 0);
      if (marker < 0) expect([prefix.length, suffix.length]).toContain(0);
      expect(prefix.every((card) => seen.has(card.id))).toBe(true);
      expect(suffix.every((card) => !seen.has(card.id))).toBe(true);
      expect(prefix.map((card) => card.id)).toEqual(sortedIds(prefix));
      expect(suffix.map((card) => card.id)).toEqual(sortedIds(suffix));
      // The prefix comes first, and each seen card renders exactly as on its first sighting.
      expect(cards.slice(0, prefix.length)).toEqual(prefix);
      cards.forEach((card, index) => {
        if (card.id === CACHE_BREAKPOINT_ID) return;
        expect(lines[index]).toBe(renderCard(card));
        const line = firstLine.get(card.id);
        if (line === undefined) firstLine.set(card.id, lines[index] as string);
        else expect(lines[index]).toBe(line);
      });
      for (const card of suffix) seen.add(card.id);
    }
    const again = await browse({ query: 'read a file', top_k: 8 });
    expect(again.cards.some((card) => card.id === CACHE_BREAKPOINT_ID)).toBe(false);
    expect(again.cards.map((card) => card.id)).toEqual(sortedIds(again.cards));
  });

  it('keeps the score of the first sighting and carries a score on every query card', async () => {
    const browse = await session();
    const first = await browse({ query: 'read a file', top_k: 5 });
    const second = await browse({ query: 'read the text of a file', top_k: 5 });
    const again = second.cards.filter((card) => first.cards.some((entry) => entry.id === card.id));
    expect(again.length).toBeGreaterThan(0);
    for (const card of again) {
      expect(card).toEqual(first.cards.find((entry) => entry.id === card.id));
    }
    expect(
      second.cards.filter((card) => card.kind === 'tool').every((card) => card.score !== undefined),
    ).toBe(true);
  });

  it('emits no marker on a first browse, an all-seen browse or an all-new browse', async () => {
    const browse = await session();
    const first = await browse({ path: '/memory' });
    const repeat = await browse({ path: '/memory' });
    const fresh = await browse({ path: '/filesystem' });
    for (const { cards } of [first, repeat, fresh]) {
      expect(cards.some((card) => card.id === CACHE_BREAKPOINT_ID)).toBe(false);
    }
    const mixed = await browse({ query: 'entities relations files', top_k: 20 });
    const marker = mixed.cards.filter((card) => card.id === CACHE_BREAKPOINT_ID);
    expect(marker).toEqual([expect.objectContaining({ kind: 'internal', has_schema: false })]);
  });

  it('records a tool that hydrates and never one whose hydration failed', async () => {
    const browse = await session();
    const { client } = await browse({ path: '/' });
    const toolId = runtime.catalog.toolIds.find((id) =>
      id.startsWith('memory:create_entities#'),
    ) as string;
    await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: 'memory:no_such_tool#00000000', args: {} },
    });
    const [key] = await store.keys('gateway:');
    expect(key).toMatch(/^gateway:[0-9a-f-]+:seen$/);
    expect(await store.get(key as string)).toMatchObject({ cards: {} });
    const refused = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: {} },
    });
    expect(refused.isError).toBe(true);
    expect(Object.keys(((await store.get(key as string)) as { cards: object }).cards)).toEqual([
      toolId,
    ]);
    const { cards } = await browse({ path: '/memory' });
    expect(cards[0]?.id).toBe(toolId);
    expect(cards[1]?.id).toBe(CACHE_BREAKPOINT_ID);
  });

  it('starts afresh after a refresh changes the catalog, and never re-emits a removed tool', async () => {
    const upstream = fakeUpstream('svc', [simpleTool('alpha'), simpleTool('beta')]);
    const own = await createGatewayRuntime({ upstreams: [upstream] });
    const browse = await session(own);
    await browse({ path: '/svc' });
    // Both were seen on the path browse, so the query re-emits them frozen: without scores.
    const frozen = await browse({ query: 'alpha beta tool' });
    expect(frozen.cards.map((card) => card.score)).toEqual([undefined, undefined]);
    upstream.tools = [simpleTool('alpha', [], 'The alpha tool, now better.'), simpleTool('gamma')];
    await own.refresh();
    const after = await browse({ query: 'alpha beta gamma tool' });
    expect(after.cards.some((card) => card.id === CACHE_BREAKPOINT_ID)).toBe(false);
    expect(after.cards.map((card) => card.id).some((id) => id.startsWith('svc:beta#'))).toBe(false);
    expect(after.cards.find((card) => card.id.startsWith('svc:alpha#'))?.description).toBe(
      'The alpha tool, now better.',
    );
    own.close();
  });
});
