import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDeadline } from '../../src/upstreams/deadline.js';

describe('createDeadline without a timer', () => {
  it("hands a caller's signal over as it is the first time, and forwards it after that", () => {
    const controller = new AbortController();
    const first = createDeadline(1_000, controller.signal, { timer: false });
    expect(first.signal).toBe(controller.signal);
    first.dispose();
    const second = createDeadline(1_000, controller.signal, { timer: false });
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
    createDeadline(1_000, controller.signal, { timer: false }).dispose();
    for (let call = 0; call < 50; call += 1) {
      createDeadline(1_000, controller.signal, { timer: false }).dispose();
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('has no signal when there is neither a timer nor a caller signal', () => {
    const deadline = createDeadline(1_000, undefined, { timer: false });
    expect(deadline.signal).toBeUndefined();
    expect(deadline.remainingMs()).toBeGreaterThanOrEqual(1);
    deadline.dispose();
  });
});

describe('createDeadline with a timer', () => {
  it("always forwards the caller's signal, so the timer can abort its own", () => {
    const controller = new AbortController();
    const deadline = createDeadline(1_000, controller.signal);
    expect(deadline.signal).not.toBe(controller.signal);
    controller.abort();
    expect(deadline.signal?.aborted).toBe(true);
    expect(deadline.timedOut).toBe(false);
    deadline.dispose();
  });

  it('aborts with a TimeoutError when the time is up', async () => {
    const deadline = createDeadline(20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(deadline.timedOut).toBe(true);
    expect(deadline.signal?.reason).toMatchObject({ name: 'TimeoutError' });
    deadline.dispose();
  });
});
