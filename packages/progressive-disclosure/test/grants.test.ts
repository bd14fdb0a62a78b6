import { createMemorySessionStore } from '@x/core/sessions';
import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { createGrantStore } from '../src/grants.js';
import { createProgressiveDisclosure } from '../src/index.js';
import { createReadLimiter } from '../src/rate-limit.js';
import { createNotesServer, readDescriptions } from './helpers.js';

function createClock(start = 1_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

describe('grant store (§5.1, §5.2)', () => {
  it('grants per session key and never across keys', async () => {
    const grants = createGrantStore(createMemorySessionStore(), 60_000);
    await grants.grant('a', ['read_note', 'list_notes']);
    expect(await grants.use('a', 'read_note')).toBe(true);
    expect(await grants.use('b', 'read_note')).toBe(false);
    expect(await grants.list('a')).toEqual(['list_notes', 'read_note']);
  });

  it('lapses after the timeout, and each granted call restarts the timeout', async () => {
    const clock = createClock();
    const grants = createGrantStore(createMemorySessionStore({ now: clock.now }), 1_000);
    await grants.grant('a', ['x']);
    clock.advance(900);
    expect(await grants.use('a', 'x')).toBe(true);
    clock.advance(900);
    expect(await grants.use('a', 'x')).toBe(true);
    clock.advance(1_000);
    expect(await grants.use('a', 'x')).toBe(false);
  });

  it('forgets every entry of a session and keeps the others', async () => {
    const store = createMemorySessionStore();
    const grants = createGrantStore(store, 60_000);
    await grants.grant('a', ['x']);
    await grants.grant('ab', ['y']);
    await grants.forget('a');
    expect(await grants.list('a')).toEqual([]);
    expect(await grants.list('ab')).toEqual(['y']);
  });
});

describe('read rate limit (§10.3)', () => {
  it('allows a burst, then one read per refill interval, with the wait stated', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now });
    const take = createReadLimiter(store, { maxReads: 2, windowMs: 1_000 }, clock.now);
    expect(await take('s')).toEqual({ allowed: true });
    expect(await take('s')).toEqual({ allowed: true });
    expect(await take('s')).toEqual({ allowed: false, retryAfterMs: 500 });
    expect(await take('other')).toEqual({ allowed: true });
    clock.advance(499);
    expect((await take('s')).allowed).toBe(false);
    clock.advance(1);
    expect(await take('s')).toEqual({ allowed: true });
  });

  it('answers reads over the limit with RATE_LIMITED and grants nothing', async () => {
    const clock = createClock();
    const layer = createProgressiveDisclosure({
      rateLimit: { maxReads: 1, windowMs: 60_000 },
      now: clock.now,
      store: createMemorySessionStore({ now: clock.now }),
    });
    await using pair = await createTestPair(layer.wrap(createNotesServer()));
    await readDescriptions(pair.client, ['read_note']);
    expect(await readDescriptions(pair.client, ['list_notes'])).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message:
          'Too many tool description reads in this session; retry in 60 s. Read several tools in one request: ?tools=a,b.',
        retry_after_ms: 60_000,
      },
    });
    expect(JSON.stringify((await pair.client.callTool({ name: 'list_notes' })).content)).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
    clock.advance(60_000);
    expect(await readDescriptions(pair.client, ['list_notes'])).toHaveProperty('list_notes');
  });

  it('can be turned off', async () => {
    const layer = createProgressiveDisclosure({ rateLimit: false });
    await using pair = await createTestPair(layer.wrap(createNotesServer()));
    for (let index = 0; index < 100; index += 1)
      await readDescriptions(pair.client, ['list_notes']);
    expect(await readDescriptions(pair.client, ['list_notes'])).toHaveProperty('list_notes');
  });
});
