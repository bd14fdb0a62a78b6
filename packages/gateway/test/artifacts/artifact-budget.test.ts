import { describe, expect, it } from 'vitest';
import { createArtifactBudget } from '../../src/artifacts/artifact-budget.js';
import { createMemoryArtifactStore } from '../../src/artifacts/memory-artifact-store.js';
import { GatewayError } from '../../src/errors.js';

const text = (content: string) => ({ text: content, mediaType: 'text/plain' });

async function failure(action: () => Promise<unknown>): Promise<GatewayError> {
  try {
    await action();
  } catch (error) {
    if (GatewayError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('a process-wide artifact budget', () => {
  it('keeps the artifacts of every session together under maxTotalBytes, least recently used out first', async () => {
    const budget = createArtifactBudget({ maxBytes: 3_000 });
    const stored = [];
    for (let index = 0; index < 5; index += 1) {
      const store = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
      stored.push({ store, handle: (await store.put(text(String(index).repeat(1_000)))).handle });
      expect(budget.usedBytes()).toBeLessThanOrEqual(3_000);
    }
    expect(budget.usedBytes()).toBe(3_000);
    const [oldest] = stored;
    const newest = stored.at(-1);
    if (oldest === undefined || newest === undefined) throw new Error('no stores');
    const evicted = await failure(() => oldest.store.get(oldest.handle));
    expect(evicted).toMatchObject({
      code: 'VIEW_FAILED',
      data: { reason: 'evicted', max_total_bytes: 3_000 },
    });
    expect(evicted.message).toContain('this process keeps at most 3000 bytes of artifacts');
    expect(await newest.store.get(newest.handle)).toBeDefined();
  });

  it('counts a use as recent, and gives the bytes back when a session clears', async () => {
    const budget = createArtifactBudget({ maxBytes: 2_000 });
    const first = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
    const second = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
    const old = await first.put(text('a'.repeat(1_000)));
    const newer = await second.put(text('b'.repeat(1_000)));
    await first.get(old.handle);
    await second.put(text('c'.repeat(1_000)));
    expect(await first.get(old.handle)).toBeDefined();
    await expect(second.get(newer.handle)).rejects.toThrow('this process keeps at most');
    await first.clear();
    expect(budget.usedBytes()).toBe(1_000);
  });

  it('is refused when it cannot hold one artifact, or is not a positive integer', () => {
    expect(() =>
      createMemoryArtifactStore({ budget: createArtifactBudget({ maxBytes: 1_024 }) }),
    ).toThrow('smaller than maxArtifactBytes');
    expect(() => createArtifactBudget({ maxBytes: 0 })).toThrow(
      'maxTotalBytes must be a positive integer',
    );
  });
});
