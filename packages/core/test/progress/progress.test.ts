import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProgress } from '../../src/progress/index.js';

const CLEAR = '\r\u001b[K';

function recorder(isTTY: boolean | undefined, columns?: number) {
  const written: string[] = [];
  const stream = {
    ...(isTTY === undefined ? {} : { isTTY }),
    ...(columns === undefined ? {} : { columns }),
    write: (text: string) => written.push(text),
  };
  return { stream, written };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startProgress', () => {
  it('writes nothing at all when the stream is not a terminal', () => {
    vi.useFakeTimers();
    for (const isTTY of [false, undefined]) {
      const { stream, written } = recorder(isTTY);
      const progress = startProgress(stream, 'building');
      progress.update('still building');
      vi.advanceTimersByTime(1_000);
      progress.finish('built 3 documents');
      expect(written).toEqual([]);
    }
  });

  it('draws the elapsed time on a terminal and replaces the line with the summary', () => {
    const { stream, written } = recorder(true);
    let now = 1_000;
    const progress = startProgress(stream, 'building', { now: () => now });
    now = 2_500;
    progress.finish('built 3 documents');
    expect(written).toEqual([`${CLEAR}building… 0.0 s`, `${CLEAR}built 3 documents\n`]);
  });

  it('redraws on a timer and on update, keeping the clock of the start', () => {
    vi.useFakeTimers();
    const { stream, written } = recorder(true);
    let now = 0;
    const progress = startProgress(stream, 'x-conformance: a', { now: () => now, redrawMs: 100 });
    now = 100;
    vi.advanceTimersByTime(100);
    now = 250;
    progress.update('x-conformance: b');
    progress.finish('done');
    expect(written).toEqual([
      `${CLEAR}x-conformance: a… 0.0 s`,
      `${CLEAR}x-conformance: a… 0.1 s`,
      `${CLEAR}x-conformance: b… 0.3 s`,
      `${CLEAR}done\n`,
    ]);
  });

  it('stops redrawing after finish and ignores later updates and finishes', () => {
    vi.useFakeTimers();
    const { stream, written } = recorder(true);
    const progress = startProgress(stream, 'building', { now: () => 0 });
    progress.finish('built');
    progress.update('again');
    progress.finish('twice');
    vi.advanceTimersByTime(1_000);
    expect(written).toEqual([`${CLEAR}building… 0.0 s`, `${CLEAR}built\n`]);
  });

  it('cuts a status line that is wider than the terminal so it can be redrawn in place', () => {
    const { stream, written } = recorder(true, 20);
    startProgress(stream, 'a very long status line indeed', { now: () => 0 }).finish('ok');
    expect(written[0]).toBe(`${CLEAR}a very long status…`);
    expect((written[0] ?? '').length - CLEAR.length).toBe(19);
  });
});
