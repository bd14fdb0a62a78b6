import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedEventStream, type OversizedEvent } from '../../src/upstreams/bounded-sse-stream.js';

/** Runs `text`, cut into `cuts` pieces, through a bounded stream; returns what came out. */
async function run(
  text: string,
  cuts: number[],
  maxEventBytes: number,
  onOversized: (event: OversizedEvent) => string | undefined = () => undefined,
): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(
    source.pipeThrough(new BoundedEventStream(maxEventBytes, onOversized)),
  ).text();
}

const lineEnd = fc.constantFrom('\n', '\r', '\r\n');
const line = fc.string({ unit: fc.constantFrom('a', 'b', ':', ' ', '{', '"', 'é') });
const event = fc
  .tuple(fc.array(fc.tuple(line, lineEnd), { minLength: 1, maxLength: 4 }), lineEnd)
  .map(([lines, end]) => lines.map(([text, eol]) => `data: ${text}${eol}`).join('') + end);

describe('a bound on each event of an event stream', () => {
  it('passes a stream whose events are all within the bound through unchanged, however it is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { maxLength: 6 }),
        fc.array(fc.nat()),
        async (events, cuts) => {
          const text = events.join('');
          expect(await run(text, cuts, 1024)).toBe(text);
        },
      ),
    );
  });

  it('replaces each event above the bound and keeps the others, whatever the line ends', async () => {
    await fc.assert(
      fc.asyncProperty(lineEnd, fc.array(fc.nat()), async (eol, cuts) => {
        const small = `data: small${eol}${eol}`;
        const large = `event: message${eol}data: ${'x'.repeat(200)}${eol}${eol}`;
        const seen: OversizedEvent[] = [];
        const out = await run(`${small}${large}${small}`, cuts, 100, (oversized) => {
          seen.push(oversized);
          return 'data: replaced\n\n';
        });
        expect(out.replace(/^\n/gm, '')).toBe(
          `${small}data: replaced\n\n${small}`.replace(/^\n/gm, ''),
        );
        expect(seen).toHaveLength(1);
        expect(seen[0]?.head.startsWith('event: message')).toBe(true);
        expect(seen[0]?.bytes).toBeGreaterThan(200);
      }),
    );
  });

  it('drops an event above the bound when told to', async () => {
    expect(await run(`data: ${'y'.repeat(50)}\n\ndata: ok\n\n`, [7, 30], 20)).toBe('data: ok\n\n');
  });
});
