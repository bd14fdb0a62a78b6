import type { UpstreamPool } from '@x/core/upstreams';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';
import { CHANGING_SERVER, openLivePool } from '../live-upstreams.js';

let pool: UpstreamPool | undefined;
let runtime: GatewayRuntime | undefined;

afterEach(async () => {
  runtime?.close();
  await pool?.close();
});

function idOf(live: GatewayRuntime, name: string): string {
  const id = live.catalog.toolIds.find((toolId) => toolId.startsWith(`live:${name}#`));
  if (id === undefined) throw new Error(`no live:${name}`);
  return id;
}

/** What a call ended as: its text, or its error code. */
async function settle(call: Promise<{ result: { content: unknown } }>): Promise<string> {
  try {
    const { result } = await call;
    return (result.content as Array<{ text: string }>)[0]?.text ?? '';
  } catch (error) {
    if (GatewayError.isInstance(error)) return error.code;
    throw error;
  }
}

describe('refresh against a live upstream', () => {
  it('follows list_changed while calls are in flight and fails closed for renamed and removed tools', async () => {
    pool = openLivePool({ live: ['node', CHANGING_SERVER] });
    const live = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
    runtime = live;
    const alpha = idOf(live, 'alpha');
    const beta = idOf(live, 'beta');
    const slow = idOf(live, 'slow');
    const mutate = idOf(live, 'mutate');
    const changed = new Promise<void>((resolve) => {
      live.onCatalogChanged(() => {
        if (live.catalog.entry(alpha) === undefined && live.catalog.entry(beta) === undefined) {
          resolve();
        }
      });
    });
    const inFlight = [
      settle(live.execute(slow, { ms: 300 })),
      settle(live.execute(slow, { ms: 150 })),
      settle(live.execute(alpha, { word: 'before' })),
      settle(live.execute(beta, { word: 'before' })),
    ];
    const mutations = [
      settle(live.execute(mutate, { action: 'rename' })),
      settle(live.execute(mutate, { action: 'remove' })),
    ];
    const during = Array.from({ length: 6 }, (_, index) =>
      settle(live.execute(index % 2 === 0 ? alpha : beta, { word: `during${index}` })),
    );
    expect(await Promise.all(mutations)).toEqual(['done:rename', 'done:remove']);
    await changed;
    const outcomes = await Promise.all([...inFlight, ...during]);
    expect(outcomes.slice(0, 2)).toEqual(['slow:300', 'slow:150']);
    // A call either reached the tool it named or failed closed; none reached another tool.
    for (const [index, outcome] of outcomes.slice(2).entries()) {
      const name = index % 2 === 0 ? 'alpha' : 'beta';
      expect(outcome.startsWith(`${name}:`) || /^[A-Z_]+$/.test(outcome)).toBe(true);
      expect(outcome.startsWith(name === 'alpha' ? 'beta:' : 'alpha:')).toBe(false);
    }
    for (const removed of [alpha, beta]) {
      expect(await settle(live.execute(removed, { word: 'after' }))).toBe('HYDRATE_FAILED');
    }
    expect(await settle(live.execute(idOf(live, 'alpha_v2'), { word: 'after' }))).toBe(
      'alpha:after',
    );
    expect(live.catalog.toolIds.map((id) => id.split('#')[0])).toEqual([
      'live:alpha_v2',
      'live:mutate',
      'live:slow',
    ]);
  });
});
