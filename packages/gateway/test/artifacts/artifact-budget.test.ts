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
  it('keeps every caller together under maxTotalBytes, refusing a caller with nothing to give up rather than evicting another', async () => {
    const budget = createArtifactBudget({ maxBytes: 3_000 });
    const stored = [];
    for (let index = 0; index < 3; index += 1) {
      const store = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
      stored.push({ store, handle: (await store.put(text(String(index).repeat(1_000)))).handle });
    }
    const late = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
    const refused = await failure(() => late.put(text('9'.repeat(1_000))));
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
      data: { reason: 'artifacts_full', max_total_bytes: 3_000 },
    });
    expect(refused.message).toContain('this process keeps at most 3000 bytes of artifacts');
    expect(budget.usedBytes()).toBe(3_000);
    for (const { store, handle } of stored) expect(await store.get(handle)).toBeDefined();
  });

  it("makes room from the caller's own least recently used artifacts, and gives the bytes back when it clears", async () => {
    const budget = createArtifactBudget({ maxBytes: 3_000 });
    const first = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
    const second = createMemoryArtifactStore({ maxArtifactBytes: 1_000, budget });
    const mine = await first.put(text('a'.repeat(1_000)));
    const old = await second.put(text('b'.repeat(1_000)));
    const used = await second.put(text('c'.repeat(1_000)));
    await second.get(old.handle);
    await second.put(text('d'.repeat(1_000)));
    expect(await first.get(mine.handle)).toBeDefined();
    expect(await second.get(old.handle)).toBeDefined();
    const evicted = await failure(() => second.get(used.handle));
    expect(evicted).toMatchObject({
      code: 'VIEW_FAILED',
      data: { reason: 'evicted', max_total_bytes: 3_000 },
    });
    expect(evicted.message).toContain('gives up its own least recently used');
    await second.clear();
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
