import { describe, expect, it } from 'vitest';
import { createProgress } from '../src/progress.js';

function capture(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('createProgress', () => {
  it('writes nothing when the stream is not a terminal', () => {
    const { stream, written } = capture(false);
    const progress = createProgress('search', 3, stream);
    progress.update(1);
    progress.update(3);
    progress.finish();
    expect(written).toEqual([]);
  });

  it('counts on a terminal and ends with the total', () => {
    const { stream, written } = capture(true);
    const progress = createProgress('search', 3, stream);
    progress.update(3);
    progress.finish();
    expect(written.join('')).toContain('search 3/3');
    expect(written.at(-1)).toMatch(/search 3\/3\n$/);
  });
});
