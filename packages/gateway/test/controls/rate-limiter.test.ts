import { createMemorySessionStore } from '@x/core/sessions';
import { describe, expect, it } from 'vitest';
import { RateLimitsOptionsSchema } from '../../src/controls/controls-options.js';
import { createRateLimiter, type RateLimitSession } from '../../src/controls/rate-limiter.js';
import { GatewayError } from '../../src/errors.js';

const settings = RateLimitsOptionsSchema.parse({
  metaTools: { tool_browse: { maxCallsPerMinute: 2 }, tool_view: { maxCallsPerSession: 3 } },
  tools: { 'kv:get': { maxCallsPerMinute: 1 }, '*': { maxCallsPerSession: 2 } },
});

function setup() {
  let now = 10_000;
  const store = createMemorySessionStore();
  const limiter = createRateLimiter(settings, () => now);
  const session = (id: string): RateLimitSession => ({ id, store });
  return { limiter, session, store, advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!GatewayError.isInstance(error)) throw new Error('expected a GatewayError');
  return error;
}

describe('the rate limiter', () => {
  it('names the scopes that have limits: meta-tools, tools by namespace:name, and * for the rest', () => {
    const { limiter } = setup();
    expect(limiter.scopes('tool_browse', undefined)).toEqual(['meta:tool_browse']);
    expect(limiter.scopes('tool_execute', undefined)).toEqual([]);
    expect(limiter.scopes(undefined, 'kv:get#1234abcd')).toEqual(['tool:kv:get#1234abcd']);
    expect(limiter.scopes(undefined, 'kv:put#1234abcd')).toEqual(['tool:kv:put#1234abcd']);
  });

  it('refuses a call beyond the sliding minute with RATE_LIMITED, retryable, and retry_after', async () => {
    const { limiter, session, advance } = setup();
    const scopes = limiter.scopes('tool_browse', undefined);
    await limiter.consume(session('a'), scopes);
    advance(20_000);
    await limiter.consume(session('a'), scopes);
    advance(10_000);
    const error = await refusal(limiter.consume(session('a'), scopes));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryable).toBe(true);
    expect(error.data).toEqual({
      scope: 'meta:tool_browse',
      limit: 'max_calls_per_minute',
      retry_after: 30,
    });
    advance(30_000);
    await expect(limiter.consume(session('a'), scopes)).resolves.toBeUndefined();
  });

  it('keeps a total per session that never slides', async () => {
    const { limiter, session, advance } = setup();
    const scopes = limiter.scopes('tool_view', undefined);
    for (let call = 0; call < 3; call += 1) await limiter.consume(session('a'), scopes);
    advance(3_600_000);
    const error = await refusal(limiter.consume(session('a'), scopes));
    expect(error.data).toMatchObject({ limit: 'max_calls_per_session', retry_after: null });
  });

  it('counts each session and each tool on its own', async () => {
    const { limiter, session } = setup();
    const get = limiter.scopes(undefined, 'kv:get#1234abcd');
    await limiter.consume(session('a'), get);
    await expect(limiter.consume(session('a'), get)).rejects.toThrow(/rate limit/);
    await expect(limiter.consume(session('b'), get)).resolves.toBeUndefined();
    const put = limiter.scopes(undefined, 'kv:put#1234abcd');
    const del = limiter.scopes(undefined, 'kv:del#1234abcd');
    await limiter.consume(session('a'), put);
    await limiter.consume(session('a'), put);
    await expect(limiter.consume(session('a'), put)).rejects.toThrow(/max_calls_per_session/);
    await expect(limiter.consume(session('a'), del)).resolves.toBeUndefined();
  });

  it('evaluates without counting', async () => {
    const { limiter, session } = setup();
    const scopes = limiter.scopes(undefined, 'kv:get#1234abcd');
    for (let check = 0; check < 5; check += 1) {
      expect(await limiter.evaluate(session('a'), scopes)).toEqual([
        { allowed: true, scope: 'tool:kv:get#1234abcd' },
      ]);
    }
    await limiter.consume(session('a'), scopes);
    expect((await limiter.evaluate(session('a'), scopes))[0]).toMatchObject({ allowed: false });
  });

  it('keeps the counters in the session store under gateway:<sessionId>:', async () => {
    const { limiter, session, store } = setup();
    await limiter.consume(session('s1'), limiter.scopes('tool_browse', 'kv:get#1234abcd'));
    expect(await store.keys('gateway:s1:')).toEqual([
      'gateway:s1:rate:meta:tool_browse',
      'gateway:s1:rate:tool:kv:get#1234abcd',
    ]);
  });

  it('never counts past the limit under concurrent calls', async () => {
    const { limiter, session } = setup();
    const scopes = limiter.scopes('tool_browse', undefined);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => limiter.consume(session('a'), scopes)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
  });
});
