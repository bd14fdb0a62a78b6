import { CoreError } from '@x/core';
import { describe, expect, it } from 'vitest';
import { RetryOptionsSchema } from '../../src/controls/controls-options.js';
import { backoffDelay, withRetry } from '../../src/controls/retry.js';
import { GatewayError } from '../../src/errors.js';

const policy = RetryOptionsSchema.parse({
  maxAttempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 250,
  jitter: 0.5,
});

/** A failing-then-succeeding attempt function and the waits it was given. */
function scripted(failures: unknown[]) {
  const waits: number[] = [];
  let calls = 0;
  return {
    waits,
    calls: () => calls,
    attempt: async () => {
      calls += 1;
      const failure = failures[calls - 1];
      if (failure !== undefined) throw failure;
      return 'done';
    },
    environment: {
      random: () => 0.5,
      sleep: async (milliseconds: number) => {
        waits.push(milliseconds);
      },
    },
  };
}

const unavailable = () => new CoreError({ code: 'UNAVAILABLE', message: 'down' });

describe('withRetry', () => {
  it('retries retryable failures with capped exponential backoff and jitter, then succeeds', async () => {
    const run = scripted([unavailable(), unavailable(), unavailable()]);
    const outcome = await withRetry(run.attempt, policy, undefined, run.environment);
    expect(outcome).toEqual({ value: 'done', attempts: 4 });
    // 100, 200, then 400 capped to 250; each shortened by jitter × random = 25%.
    expect(run.waits).toEqual([75, 150, 188]);
  });

  it('gives up after maxAttempts with the last failure and the attempt count', async () => {
    const run = scripted([
      unavailable(),
      unavailable(),
      unavailable(),
      unavailable(),
      unavailable(),
    ]);
    const failure = await withRetry(run.attempt, policy, undefined, run.environment).catch(
      (error: unknown) => error,
    );
    expect(GatewayError.isInstance(failure)).toBe(true);
    expect((failure as GatewayError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect((failure as GatewayError).data?.attempts).toBe(4);
    expect(run.calls()).toBe(4);
  });

  it('never retries a non-retryable failure', async () => {
    for (const failure of [
      new CoreError({ code: 'AUTH', message: 'no' }),
      new GatewayError({ code: 'UPSTREAM_ERROR', message: 'bad' }),
      new CoreError({ code: 'RATE_LIMITED', message: 'slow down' }),
      new Error('plain'),
    ]) {
      const run = scripted([failure]);
      await expect(withRetry(run.attempt, policy, undefined, run.environment)).rejects.toThrow();
      expect(run.calls()).toBe(1);
      expect(run.waits).toEqual([]);
    }
  });

  it('retries the codes it is configured for, such as RATE_LIMITED', async () => {
    const run = scripted([new CoreError({ code: 'RATE_LIMITED', message: 'slow down' })]);
    const withRateLimits = { ...policy, retryableCodes: ['RATE_LIMITED' as const] };
    await expect(
      withRetry(run.attempt, withRateLimits, undefined, run.environment),
    ).resolves.toEqual({ value: 'done', attempts: 2 });
  });

  it('stops retrying once the call is aborted', async () => {
    const controller = new AbortController();
    const run = scripted([unavailable(), unavailable()]);
    const environment = {
      random: () => 0,
      sleep: async () => {
        controller.abort();
      },
    };
    await expect(withRetry(run.attempt, policy, controller.signal, environment)).rejects.toThrow(
      'down',
    );
    expect(run.calls()).toBe(1);
  });

  it('computes the backoff from the base, doubling, up to the cap', () => {
    expect([2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt))).toEqual([
      100, 200, 250, 250,
    ]);
  });
});
