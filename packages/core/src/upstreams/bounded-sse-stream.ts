/**
 * A bound on each event of a Server-Sent Events body (the `text/event-stream` answers of a
 * Streamable HTTP server), applied before the SDK parses it.
 *
 * @module
 */

const LF = 0x0a;
const CR = 0x0d;
/** How many bytes of an oversized event are kept, to tell an answer from a request. */
const KEPT_HEAD_BYTES = 512;

/** What is known of an event that was longer than the bound and has been thrown away. */
export interface OversizedEvent {
  /** Its length in bytes, up to and including the blank line that ended it. */
  bytes: number;
  /** Its first bytes, as text. */
  head: string;
}

/**
 * Splits an event stream into events (each ends with a blank line: two line ends in a row,
 * where a line ends with CR, LF or CRLF, as the HTML Living Standard's event-stream
 * interpretation defines) and passes each one on whole once it is complete.
 *
 * An event above `maxEventBytes` is not held: the rest of it is counted and thrown away, and
 * `onOversized` says what to send in its place (event-stream text, or `undefined` to drop it).
 * Bytes pass on unchanged otherwise, so the SDK's parser sees the same stream.
 */
export class BoundedEventStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(maxEventBytes: number, onOversized: (event: OversizedEvent) => string | undefined) {
    const encoder = new TextEncoder();
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    let discarded: { bytes: number; head: Uint8Array } | undefined;
    let atLineStart = true;
    let afterCr = false;
    let endsAfterLf = false;

    const keep = (piece: Uint8Array) => {
      if (piece.length === 0) return;
      if (discarded !== undefined) {
        discarded.bytes += piece.length;
        return;
      }
      if (heldBytes + piece.length <= maxEventBytes) {
        held.push(piece);
        heldBytes += piece.length;
        return;
      }
      const head = Buffer.concat([...held, piece]).subarray(0, KEPT_HEAD_BYTES);
      discarded = { bytes: heldBytes + piece.length, head: Uint8Array.from(head) };
      held = [];
      heldBytes = 0;
    };

    const endEvent = (controller: TransformStreamDefaultController<Uint8Array>) => {
      if (discarded === undefined) {
        if (heldBytes > 0) controller.enqueue(Buffer.concat(held, heldBytes));
      } else {
        const text = onOversized({
          bytes: discarded.bytes,
          head: Buffer.from(discarded.head).toString('utf8'),
        });
        if (text !== undefined) controller.enqueue(encoder.encode(text));
      }
      held = [];
      heldBytes = 0;
      discarded = undefined;
    };

    super({
      transform(chunk, controller) {
        let start = 0;
        // The next LF and CR at or after a position, each searched for again only once passed
        // (-1 when there is none left), so the chunk is scanned once.
        let nextLf = -2;
        let nextCr = -2;
        const nextBreak = (from: number): number => {
          if (nextLf !== -1 && nextLf < from) nextLf = chunk.indexOf(LF, from);
          if (nextCr !== -1 && nextCr < from) nextCr = chunk.indexOf(CR, from);
          if (nextLf === -1) return nextCr === -1 ? chunk.length : nextCr;
          return nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
        };
        for (let index = 0; index < chunk.length; index++) {
          const byte = chunk[index];
          if (endsAfterLf) {
            // The event ended with a CR: a LF right after it is the rest of that CRLF.
            endsAfterLf = false;
            const end = byte === LF ? index + 1 : index;
            keep(chunk.subarray(start, end));
            start = end;
            endEvent(controller);
            if (byte === LF) {
              afterCr = false;
              continue;
            }
          }
          if (byte === LF && afterCr) {
            afterCr = false;
            continue;
          }
          afterCr = byte === CR;
          if (byte !== LF && byte !== CR) {
            atLineStart = false;
            // Skip the rest of the line: the loop goes on at its end.
            index = nextBreak(index + 1) - 1;
            continue;
          }
          if (!atLineStart) {
            atLineStart = true;
            continue;
          }
          keep(chunk.subarray(start, index + 1));
          start = index + 1;
          if (byte === CR) endsAfterLf = true;
          else endEvent(controller);
        }
        keep(chunk.subarray(start));
      },
      flush(controller) {
        endsAfterLf = false;
        endEvent(controller);
      },
    });
  }
}
