import { describe, expect, it } from 'vitest';
import { createScopedArtifactStores } from '../../src/server/scoped-artifact-stores.js';

const text = (content: string) => ({ text: content, mediaType: 'text/plain' });

describe('per-caller artifact stores', () => {
  it('refuses a new caller at the bound instead of evicting another caller', async () => {
    const scoped = createScopedArtifactStores({}, 2);
    const mine = await scoped.get('principal:a').put(text('caller a'));
    await scoped.get('session:b1').put(text('caller b, session 1'));
    await expect(scoped.get('session:b2').put(text('caller b, session 2'))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
      data: { reason: 'artifact_scopes_full', max_scopes: 2 },
    });
    expect((await scoped.get('principal:a').get(mine.handle))?.text).toBe('caller a');
    // A caller that already holds a place keeps storing.
    await scoped.get('principal:a').put(text('caller a, again'));
    expect(scoped.size()).toBe(2);
  });

  it('gives a place back when its session ends or its artifacts are gone', async () => {
    const scoped = createScopedArtifactStores({}, 2);
    const ended = await scoped.get('session:1').put(text('one'));
    await scoped.get('session:2').put(text('two'));
    await scoped.release('session:1');
    expect(await scoped.get('session:1').get(ended.handle)).toBeUndefined();
    await scoped.get('session:3').put(text('three'));
    await scoped.get('session:2').clear();
    await scoped.get('session:4').put(text('four'));
    expect(scoped.size()).toBe(2);
  });

  it('answers a scope without artifacts with nothing, and refuses a bound that is not a positive integer', async () => {
    const scoped = createScopedArtifactStores({}, 1);
    expect(await scoped.get('anonymous').get('art_0123456789abcdef')).toBeUndefined();
    expect(scoped.size()).toBe(0);
    expect(() => createScopedArtifactStores({}, 0)).toThrow(
      'maxArtifactScopes must be a positive integer',
    );
  });
});
