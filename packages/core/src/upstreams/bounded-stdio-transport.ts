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
import {
  RESULT_TOO_LARGE,
  resultTooLargeAnswer,
  startsLikeRequest,
  tooLargeText,
} from './result-too-large.js';

const ID_PATTERN = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** A response whose last member is its id, as the SDK writes it (`{"result":...,"id":7}`). */
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_PATTERN}\s*\}\s*\r?$`);
/** A response that opens with its version and id (`{"jsonrpc":"2.0","id":7,...`). */
const ID_AT_START = new RegExp(
  String.raw`^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*${ID_PATTERN}`,
);

function parseId(text: string | undefined): RequestId | undefined {
  if (text === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(text);
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

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
 * A line above the bound is skipped up to its newline; when it answers one of our pending
 * requests (its id is read at either end of the line, or it is no request or notification and
 * only one request is pending) that
 * request gets the error answer of {@link resultTooLargeAnswer}; otherwise it is reported through `onerror`. The connection and the
 * process stay up either way.
 */
export class BoundedStdioClientTransport extends StdioClientTransport {
  private readonly pending = new Set<RequestId>();
  private ended: ProcessExit | undefined;

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
      readMessage: () => this.settle(reader.readMessage()),
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
    return super.send(message);
  }

  /** Forgets the request a received answer settles. */
  private settle(message: JSONRPCMessage | null): JSONRPCMessage | null {
    if (message !== null && !('method' in message) && 'id' in message && message.id !== undefined) {
      this.pending.delete(message.id);
    }
    return message;
  }

  /** The pending request an oversized line answers, if it can be told. */
  private requestOf(line: OversizedLine): RequestId | undefined {
    if (startsLikeRequest(line.head)) return undefined;
    for (const found of [ID_AT_END.exec(line.tail)?.[1], ID_AT_START.exec(line.head)?.[1]]) {
      const id = parseId(found);
      if (id !== undefined && this.pending.has(id)) return id;
    }
    if (this.pending.size === 1) return this.pending.values().next().value;
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
