import { describe, expect, it } from 'vitest';
import { collapseDuplicateNames } from '../../src/refresh/collapse-duplicates.js';
import { RefreshOptionsSchema } from '../../src/refresh/refresh-options.js';
import { createGatewayRuntime } from '../../src/server/runtime.js';
import { rejectedFailure } from '../gateway-failures.js';
import { fakeUpstream, simpleTool } from '../helpers.js';

describe('refresh consistency', () => {
  it('collapses a raw name listed by several upstreams of one namespace to the first source', () => {
    const sources = [
      { upstream: 'a', namespace: 'shared', tools: [simpleTool('find'), simpleTool('only_a')] },
      { upstream: 'b', namespace: 'shared', tools: [simpleTool('find', ['other'])] },
      { upstream: 'c', namespace: 'elsewhere', tools: [simpleTool('find')] },
      { upstream: 'd', namespace: 'shared', tools: [simpleTool('find'), simpleTool('find')] },
    ];
    const { sources: kept, collapsed } = collapseDuplicateNames(sources);
    expect(kept.map((source) => source.tools.map((tool) => tool.name))).toEqual([
      ['find', 'only_a'],
      [],
      ['find'],
      [],
    ]);
    expect(kept[0]).toBe(sources[0]);
    expect(collapsed).toEqual([
      { namespace: 'shared', name: 'find', kept: 'a', dropped: 'b' },
      { namespace: 'shared', name: 'find', kept: 'a', dropped: 'd' },
      { namespace: 'shared', name: 'find', kept: 'a', dropped: 'd' },
    ]);
  });

  it('keeps the first upstream of a duplicate name with first-wins, whatever answers first', async () => {
    const first = fakeUpstream('a', [simpleTool('find')], 'shared');
    const second = fakeUpstream('b', [], 'shared');
    const runtime = await createGatewayRuntime({
      upstreams: [first, second],
      refresh: RefreshOptionsSchema.parse({ duplicates: 'first-wins' }),
    });
    second.tools = [simpleTool('find')];
    const report = await runtime.refresh(['b']);
    expect(report.error).toBeUndefined();
    expect(report.collapsed).toEqual([
      { namespace: 'shared', name: 'find', kept: 'a', dropped: 'b' },
    ]);
    const [toolId] = runtime.catalog.toolIds;
    await runtime.execute(toolId, {});
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toEqual([]);
    runtime.close();
  });

  it('refuses the duplicate by default, as before', () => {
    expect(RefreshOptionsSchema.parse({})).toEqual({ duplicates: 'refuse' });
    expect(RefreshOptionsSchema.safeParse({ duplicates: 'last-wins' }).success).toBe(false);
  });

  it('fails closed when a refresh renames a tool between validation and dispatch', async () => {
    const upstream = fakeUpstream('svc', [simpleTool('alpha', ['word'])]);
    const runtime = await createGatewayRuntime({ upstreams: [upstream] });
    const [toolId] = runtime.catalog.toolIds;
    const prepared = await runtime.prepare(toolId, { word: 'x' });
    upstream.tools = [simpleTool('alpha_v2', ['word'])];
    await runtime.refresh();
    expect(await rejectedFailure(() => runtime.dispatch(prepared))).toMatchObject({
      code: 'HYDRATE_FAILED',
      reason: 'refreshed',
    });
    expect(upstream.calls).toEqual([]);
    runtime.close();
  });
});
