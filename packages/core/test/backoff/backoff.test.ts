import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../src/backoff/backoff.js';

const bounds = fc.record({
  initialDelayMs: fc.integer({ min: 0, max: 10_000 }),
  maxDelayMs: fc.integer({ min: 0, max: 60_000 }),
});

describe('backoffDelayMs', () => {
  it('doubles from the initial delay up to the cap', () => {
    const fixed = { initialDelayMs: 100, maxDelayMs: 1_000 };
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, fixed))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('equals min(max, initial × 2^retry) and never exceeds the cap, for any bounds', () => {
    fc.assert(
      fc.property(bounds, fc.integer({ min: 0, max: 1_000 }), (given, retry) => {
        const delay = backoffDelayMs(retry, given);
        expect(Number.isNaN(delay)).toBe(false);
        expect(delay).toBe(Math.min(given.maxDelayMs, given.initialDelayMs * 2 ** retry));
        expect(delay).toBeLessThanOrEqual(Math.max(given.maxDelayMs, 0));
      }),
    );
  });

  it('never shrinks from one retry to the next', () => {
    fc.assert(
      fc.property(bounds, fc.integer({ min: -5, max: 100 }), (given, retry) => {
        expect(backoffDelayMs(retry + 1, given)).toBeGreaterThanOrEqual(
          backoffDelayMs(retry, given),
        );
      }),
    );
  });

  it('counts a negative retry as the first', () => {
    expect(backoffDelayMs(-3, { initialDelayMs: 50, maxDelayMs: 500 })).toBe(50);
  });
});
