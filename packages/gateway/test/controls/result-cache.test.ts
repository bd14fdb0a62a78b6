import type { Tool } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { type CatalogEntry, createCatalog } from '../../src/browse/catalog.js';
import { ResultCacheOptionsSchema } from '../../src/controls/controls-options.js';
import { createResultCache, resultCacheKey } from '../../src/controls/result-cache.js';

const tools: Tool[] = [
  { name: 'lookup', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  { name: 'write', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false } },
  { name: 'unsure', inputSchema: { type: 'object' } },
  {
    name: 'confused',
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true, destructiveHint: true },
  },
];
const catalog = createCatalog([{ upstream: 'kv', tools }]);
const entry = (name: string) =>
  catalog.entry(catalog.toolIds.find((id) => id.startsWith(`kv:${name}#`)) ?? '') as CatalogEntry;
const ok = (text: string) => ({ content: [{ type: 'text' as const, text }] });

describe('the result cache', () => {
  it('caches only tools declared read-only and not destructive, and only allowed ones', () => {
    const open = createResultCache(ResultCacheOptionsSchema.parse({ readOnly: true }));
    expect(
      ['lookup', 'write', 'unsure', 'confused'].map((name) => open.eligible(entry(name))),
    ).toEqual([true, false, false, false]);
    const allowList = createResultCache(
      ResultCacheOptionsSchema.parse({ readOnly: true, allow: ['kv:write', 'kv:confused'] }),
    );
    expect(allowList.eligible(entry('lookup'))).toBe(false);
    expect(allowList.eligible(entry('write'))).toBe(false);
    const exact = createResultCache(
      ResultCacheOptionsSchema.parse({ readOnly: true, allow: [entry('lookup').toolId] }),
    );
    expect(exact.eligible(entry('lookup'))).toBe(true);
  });

  it('keys calls by tool id and arguments regardless of key order', () => {
    expect(resultCacheKey('kv:a#00000000', { b: 1, a: { d: 2, c: 3 } })).toBe(
      resultCacheKey('kv:a#00000000', { a: { c: 3, d: 2 }, b: 1 }),
    );
    const cache = createResultCache(ResultCacheOptionsSchema.parse({ readOnly: true }));
    cache.set('kv:a#00000000', { x: 1, y: 2 }, ok('first'));
    expect(cache.get('kv:a#00000000', { y: 2, x: 1 })).toEqual(ok('first'));
    expect(cache.get('kv:a#00000000', { x: 1, y: 3 })).toBeUndefined();
  });

  it('never keeps error results or results above the size bound', () => {
    const cache = createResultCache(
      ResultCacheOptionsSchema.parse({ readOnly: true, maxEntryBytes: 100 }),
    );
    cache.set('kv:a#00000000', {}, { ...ok('failed'), isError: true });
    cache.set('kv:b#00000000', {}, ok('x'.repeat(200)));
    expect(cache.size).toBe(0);
  });

  it('expires entries after their time to live and evicts the least recently used', () => {
    let now = 1_000;
    const cache = createResultCache(
      ResultCacheOptionsSchema.parse({ readOnly: true, ttlMs: 500, maxEntries: 2 }),
      () => now,
    );
    cache.set('kv:a#00000000', {}, ok('a'));
    cache.set('kv:b#00000000', {}, ok('b'));
    expect(cache.get('kv:a#00000000', {})).toEqual(ok('a'));
    cache.set('kv:c#00000000', {}, ok('c'));
    expect(cache.get('kv:b#00000000', {})).toBeUndefined();
    expect(cache.get('kv:a#00000000', {})).toEqual(ok('a'));
    now += 500;
    expect(cache.get('kv:a#00000000', {})).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('hands out copies, so a caller cannot change what is cached', () => {
    const cache = createResultCache(ResultCacheOptionsSchema.parse({ readOnly: true }));
    cache.set('kv:a#00000000', {}, ok('a'));
    const first = cache.get('kv:a#00000000', {});
    (first?.content[0] as { text: string }).text = 'changed';
    expect(cache.get('kv:a#00000000', {})).toEqual(ok('a'));
  });
});
