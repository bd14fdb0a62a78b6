/**
 * The stdio client transport of our upstreams: the SDK's, with a bound per message that a
 * too-large answer fails one request instead of the connection.
 *
 * @module
 */
import type { ChildProcess } from 'node:child_process';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  StdioClientTransport,
  type StdioServerParameters,
} from '@modelcontextprotocol/client/stdio';
import { BoundedLineReader, type OversizedLine } from './bounded-line-reader.js';
import { readIdAtEnd, readMessageStart } from './message-id.js';
import {
  RESULT_TOO_LARGE,
  resultTooLargeAnswer,
  startsLikeRequest,
  tooLargeText,
} from './result-too-large.js';

/** The StdioClientTransport fields this class reaches into (runtime names of the SDK 2.x build). */
interface SdkStdioInternals {
  _readBuffer: unknown;
  _process?: ChildProcess;
}

/** How a server process ended. */
export interface ProcessExit {
  /** Its exit code, or null when a signal ended it. */
  readonly code: number | null;
  /** The signal that ended it, if one did. */
  readonly signal: NodeJS.Signals | null;
}

/**
 * The SDK's `StdioClientTransport` reading with a {@link BoundedLineReader} of
 * `maxMessageBytes` per line instead of the SDK's 10 MiB bound on everything buffered, whose
 * overflow closes the transport (and so restarts the upstream).
 *
 * Answers are matched to our requests by id only. A line above the bound is skipped up to its
 * newline; when the id read at either end of it is one of our pending requests, that request
 * gets the error answer of {@link resultTooLargeAnswer}. An answer of any size whose id is not
 * pending (a request we gave up on, an unreadable id) is dropped and reported through `onerror`:
 * it never settles another request. The connection and the process stay up either way.
 */
export class BoundedStdioClientTransport extends StdioClientTransport {
  private readonly pending = new Set<RequestId>();
  private ended: ProcessExit | undefined;
  private corked = false;

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.ended;
  }

  override async start(): Promise<void> {
    await super.start();
    (this as unknown as SdkStdioInternals)._process?.once('exit', (code, signal) => {
      this.ended = { code, signal };
    });
  }

  constructor(
    parameters: StdioServerParameters,
    private readonly maxMessageBytes: number,
  ) {
    super(parameters);
    const reader = new BoundedLineReader(maxMessageBytes, (line) => this.replace(line));
    const tracking = {
      append: (chunk: Buffer) => reader.append(chunk),
      readMessage: () => this.nextPendingAnswer(reader),
      clear: () => {
        reader.clear();
        this.pending.clear();
      },
    };
    (this as unknown as SdkStdioInternals)._readBuffer = tracking;
  }

  override send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message) {
      if ('id' in message) this.pending.add(message.id);
      // A request we gave up on (timeout, abort) is announced cancelled: it awaits no answer.
      else if (message.method === 'notifications/cancelled') {
        const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (requestId !== undefined) this.pending.delete(requestId);
      }
    }
    this.batchWrites();
    return super.send(message);
  }

  /**
   * Holds the child's stdin writes until the event loop's check phase, so that the messages
   * sent while it handles one round of I/O (many callers' requests at once) leave in one
   * `writev` instead of one write each: fewer system calls, and fewer wake-ups of the child.
   * Order is kept, and the SDK's backpressure (`drain`) still applies.
   */
  private batchWrites(): void {
    const stdin = (this as unknown as SdkStdioInternals)._process?.stdin;
    if (stdin === undefined || stdin === null || this.corked) return;
    this.corked = true;
    stdin.cork();
    setImmediate(() => {
      this.corked = false;
      if (!stdin.destroyed) stdin.uncork();
    });
  }

  /** The next message read, skipping (and reporting) answers to no pending request. */
  private nextPendingAnswer(reader: BoundedLineReader): JSONRPCMessage | null {
    for (let message = reader.readMessage(); message !== null; message = reader.readMessage()) {
      if ('method' in message || !('id' in message) || message.id === undefined) return message;
      if (this.pending.delete(message.id)) return message;
      this.onerror?.(
        new Error(`an answer to id ${JSON.stringify(message.id)}, which awaits none, was dropped`),
      );
    }
    return null;
  }

  /** The pending request an oversized line answers, if its id says so. */
  private requestOf(line: OversizedLine): RequestId | undefined {
    if (startsLikeRequest(line.head)) return undefined;
    for (const id of [readIdAtEnd(line.tail), readMessageStart(line.head).id]) {
      if (id !== undefined && this.pending.has(id)) return id;
    }
    return undefined;
  }

  private replace(line: OversizedLine): JSONRPCMessage | undefined {
    const id = this.requestOf(line);
    if (id === undefined) {
      this.onerror?.(
        new Error(
          `${RESULT_TOO_LARGE}: ${tooLargeText(line.bytes, this.maxMessageBytes)}; it answered no pending request and was dropped`,
        ),
      );
      return undefined;
    }
    return resultTooLargeAnswer(id, line.bytes, this.maxMessageBytes);
  }
}
