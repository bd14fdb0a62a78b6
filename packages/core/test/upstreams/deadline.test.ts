import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDeadline } from '../../src/upstreams/deadline.js';

describe('createDeadline', () => {
  it("hands a caller's signal over as it is the first time, and forwards it after that", () => {
    const controller = new AbortController();
    const first = createDeadline(1_000, controller.signal);
    expect(first.signal).toBe(controller.signal);
    first.dispose();
    const second = createDeadline(1_000, controller.signal);
    expect(second.signal).toBeDefined();
    expect(second.signal).not.toBe(controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('stop'));
    expect(second.signal?.aborted).toBe(true);
    expect(second.signal?.reason).toEqual(new Error('stop'));
    second.dispose();
  });

  it('leaves no listener on a reused signal once each deadline is disposed', () => {
    const controller = new AbortController();
    createDeadline(1_000, controller.signal).dispose();
    for (let call = 0; call < 50; call += 1) {
      createDeadline(1_000, controller.signal).dispose();
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('has no signal without a caller signal', () => {
    const deadline = createDeadline(1_000, undefined);
    expect(deadline.signal).toBeUndefined();
    expect(deadline.remainingMs()).toBeGreaterThanOrEqual(1);
    deadline.dispose();
  });
});
