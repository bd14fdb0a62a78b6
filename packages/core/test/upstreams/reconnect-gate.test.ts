import { describe, expect, it } from 'vitest';
import { createReconnectGate, reconnectDelayMs } from '../../src/upstreams/reconnect-gate.js';

const options = { initialDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 6 };

describe('the reconnect gate', () => {
  it('doubles the delay with each consecutive failure up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => reconnectDelayMs(failures, options))).toEqual([
      0, 100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('allows an attempt once the delay has passed, and gives up after maxAttempts', () => {
    const gate = createReconnectGate({ ...options, maxAttempts: 2 });
    expect(gate.check(0)).toEqual({ allowed: true });
    gate.recordFailure(1_000);
    expect(gate.check(1_050)).toEqual({ allowed: false, gaveUp: false, retryInMs: 50 });
    expect(gate.check(1_100)).toEqual({ allowed: true });
    gate.recordFailure(1_100);
    expect(gate.gaveUp).toBe(true);
    expect(gate.check(99_999)).toEqual({ allowed: false, gaveUp: true, failures: 2 });
    gate.reset();
    expect(gate.check(0)).toEqual({ allowed: true });
    expect(gate.failures).toBe(0);
  });
});
