/**
 * Splits a stdio byte stream into JSON-RPC messages, one per line, with a bound on each line.
 *
 * @module
 */
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';

/** How many bytes of an oversized line are kept at each end, to find its request id. */
const KEPT_EDGE_BYTES = 512;
const NEWLINE = 0x0a;

/** What is known of a line that was longer than the bound and has been thrown away. */
export interface OversizedLine {
  /** Its length in bytes, newline excluded. */
  bytes: number;
  /** Its first bytes, as text. */
  head: string;
  /** Its last bytes, as text. */
  tail: string;
}

type ReadyLine = { kind: 'line'; bytes: Buffer } | { kind: 'oversized'; line: OversizedLine };

interface Discarding {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

function lastBytes(buffer: Buffer, count: number): Buffer {
  return buffer.length <= count ? buffer : buffer.subarray(buffer.length - count);
}

/**
 * A drop-in for the SDK's stdio `ReadBuffer` (`append`, `readMessage`, `clear`) whose bound
 * applies to one line rather than to everything buffered, and which survives a line above it:
 * the line is skipped up to its newline without being held in memory, and `onOversized` turns
 * what is known of it into a message to deliver in its place (or `undefined` to drop it).
 *
 * A line that is not JSON is skipped, as the SDK does; one that is JSON but not JSON-RPC goes to
 * `onInvalid` when given (what it returns is delivered in its place), and otherwise throws from
 * `readMessage` after being consumed.
 */
export class BoundedLineReader {
  private readonly ready: ReadyLine[] = [];
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private discarding: Discarding | undefined;

  /**
   * @param maxLineBytes - The longest line kept, in bytes, newline excluded.
   * @param onOversized - What to deliver in place of a longer line.
   * @param onInvalid - What to deliver in place of a JSON value that is no JSON-RPC message.
   */
  constructor(
    private readonly maxLineBytes: number,
    private readonly onOversized: (line: OversizedLine) => JSONRPCMessage | undefined,
    private readonly onInvalid?: (value: unknown) => JSONRPCMessage | undefined,
  ) {}

  /** Takes the next bytes of the stream. */
  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /** The next complete message, or `null` when none is complete yet. */
  readMessage(): JSONRPCMessage | null {
    for (let next = this.ready.shift(); next !== undefined; next = this.ready.shift()) {
      if (next.kind === 'oversized') {
        const replacement = this.onOversized(next.line);
        if (replacement !== undefined) return replacement;
        continue;
      }
      const text = next.bytes.toString('utf8').replace(/\r$/, '');
      try {
        return deserializeMessage(text);
      } catch (error) {
        if (error instanceof SyntaxError) continue;
        if (this.onInvalid === undefined) throw error;
        const replacement = this.onInvalid(JSON.parse(text));
        if (replacement !== undefined) return replacement;
      }
    }
    return null;
  }

  /** Forgets everything buffered. */
  clear(): void {
    this.ready.length = 0;
    this.partial = [];
    this.partialBytes = 0;
    this.discarding = undefined;
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    const discarding = this.discarding;
    if (discarding !== undefined) {
      discarding.bytes += piece.length;
      discarding.tail = lastBytes(Buffer.concat([discarding.tail, piece]), KEPT_EDGE_BYTES);
      return;
    }
    if (this.partialBytes + piece.length <= this.maxLineBytes) {
      this.partial.push(piece);
      this.partialBytes += piece.length;
      return;
    }
    const start = Buffer.concat([...this.partial, piece]);
    this.discarding = {
      bytes: start.length,
      head: Buffer.from(start.subarray(0, KEPT_EDGE_BYTES)),
      tail: Buffer.from(lastBytes(start, KEPT_EDGE_BYTES)),
    };
    this.partial = [];
    this.partialBytes = 0;
  }

  private endLine(): void {
    const discarding = this.discarding;
    if (discarding !== undefined) {
      this.ready.push({
        kind: 'oversized',
        line: {
          bytes: discarding.bytes,
          head: discarding.head.toString('utf8'),
          tail: discarding.tail.toString('utf8'),
        },
      });
      this.discarding = undefined;
      return;
    }
    this.ready.push({ kind: 'line', bytes: Buffer.concat(this.partial, this.partialBytes) });
    this.partial = [];
    this.partialBytes = 0;
  }
}
