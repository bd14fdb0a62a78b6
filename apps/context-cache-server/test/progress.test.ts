import { describe, expect, it } from 'vitest';
import { startProgress } from '../src/progress.js';

function recorder(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('startProgress', () => {
  it('writes nothing at all when the stream is not a terminal', () => {
    const { stream, written } = recorder(false);
    startProgress(stream, 'building').finish('built 3 documents');
    expect(written).toEqual([]);
  });

  it('draws the elapsed time on a terminal and replaces the line with the summary', () => {
    const { stream, written } = recorder(true);
    let now = 1_000;
    const progress = startProgress(stream, 'building', () => now);
    now = 2_500;
    progress.finish('built 3 documents');
    expect(written).toEqual(['\r\u001b[Kbuilding… 0.0 s', '\r\u001b[Kbuilt 3 documents\n']);
  });
});
