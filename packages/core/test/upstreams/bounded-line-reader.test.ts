import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedLineReader, type OversizedLine } from '../../src/upstreams/bounded-line-reader.js';

function readAll(reader: BoundedLineReader): unknown[] {
  const messages: unknown[] = [];
  for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
    messages.push(message);
  }
  return messages;
}

/** Cuts `bytes` into chunks at the given offsets. */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const offset of [...offsets, bytes.length]) {
    chunks.push(bytes.subarray(start, offset));
    start = offset;
  }
  return chunks;
}

const notification = (text: string) => ({ jsonrpc: '2.0', method: 'n', params: { text } });

describe('BoundedLineReader', () => {
  it('reads the same messages however the stream is cut (law: lines in, same lines out)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (texts, cuts) => {
          const messages = texts.map(notification);
          const stream = Buffer.from(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
          const reader = new BoundedLineReader(1_000, () => undefined);
          for (const chunk of chunked(stream, cuts)) reader.append(chunk);
          expect(readAll(reader)).toEqual(messages);
        },
      ),
    );
  });

  it('skips a line above the bound, reports its size and both ends, and reads the next line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 5_000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (size, cuts) => {
          const big = `{"result":"${'x'.repeat(size)}","jsonrpc":"2.0","id":7}`;
          const after = notification('after');
          const stream = Buffer.from(`${big}\n${JSON.stringify(after)}\n`);
          const seen: OversizedLine[] = [];
          const reader = new BoundedLineReader(100, (line) => {
            seen.push(line);
            return undefined;
          });
          for (const chunk of chunked(stream, cuts)) reader.append(chunk);
          expect(readAll(reader)).toEqual([after]);
          expect(seen).toHaveLength(1);
          expect(seen[0]?.bytes).toBe(Buffer.byteLength(big));
          expect(seen[0]?.head.startsWith('{"result":"')).toBe(true);
          expect(seen[0]?.tail.endsWith('"id":7}')).toBe(true);
        },
      ),
    );
  });

  it('keeps a line exactly at the bound', () => {
    const message = notification('edge');
    const line = JSON.stringify(message);
    const reader = new BoundedLineReader(Buffer.byteLength(line), () => undefined);
    reader.append(Buffer.from(`${line}\n`));
    expect(readAll(reader)).toEqual([message]);
  });

  it('delivers what onOversized returns in place of the line', () => {
    const replacement = { jsonrpc: '2.0' as const, id: 1, error: { code: -1, message: 'too big' } };
    const reader = new BoundedLineReader(10, () => replacement);
    reader.append(Buffer.from(`${'y'.repeat(50)}\n`));
    expect(readAll(reader)).toEqual([replacement]);
  });

  it('skips lines that are not JSON and forgets everything on clear', () => {
    const reader = new BoundedLineReader(100, () => undefined);
    reader.append(Buffer.from(`not json\n${JSON.stringify(notification('kept'))}\n{"partial`));
    expect(readAll(reader)).toEqual([notification('kept')]);
    reader.clear();
    reader.append(Buffer.from(`${JSON.stringify(notification('fresh'))}\n`));
    expect(readAll(reader)).toEqual([notification('fresh')]);
  });
});
