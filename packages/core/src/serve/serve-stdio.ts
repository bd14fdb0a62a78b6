/**
 * Stdio serving: `serveStdio`.
 *
 * @module
 */

import type { Readable, Writable } from 'node:stream';
import { isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/server';
import {
  StdioServerTransport,
  serveStdio as serveSdkStdio,
} from '@modelcontextprotocol/server/stdio';
import { stdioScope } from './caller-scope.js';
import { withEmptyListings } from './empty-listings.js';
import { withShortInvalidParams } from './invalid-params.js';
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  outgoingDroppedError,
  outgoingTooLargeAnswer,
} from './outgoing-bound.js';
import { withRequestTelemetry } from './request-telemetry.js';
import { createServerTelemetry } from './server-telemetry.js';
import { createStdinReader } from './stdin-reader.js';
import type { RunningServer, ServerFactory, StdioServeOptions } from './types.js';

function reportOnStderr(error: Error): void {
  process.stderr.write(`mcp stdio: ${error.message}\n`);
}

/** The StdioServerTransport field this class replaces (runtime name of the SDK 2.x build). */
interface SdkStdioInternals {
  _readBuffer: unknown;
}

/**
 * The SDK's stdio transport, telling us when it closes by itself (stdin ended, stdout broke):
 * the SDK takes `onclose` over once it connects. It reads stdin through our
 * {@link createStdinReader} instead of the SDK's read buffer, whose overflow closes the
 * connection: a line it cannot take is answered or reported, and serving goes on. It also
 * bounds what it writes: a result above `maxMessageBytes` goes out as an error answer to the same
 * request (`RESULT_TOO_LARGE`, naming the limit), and any other message above it is dropped and
 * reported, so that the client's reader never meets a line it cannot hold.
 */
class ObservedStdioTransport extends StdioServerTransport {
  constructor(
    stdin: Readable,
    stdout: Writable,
    private readonly maxMessageBytes: number,
    private readonly onClosed: () => void,
    private readonly onOversized: (error: Error) => void,
  ) {
    super(stdin, stdout);
    (this as unknown as SdkStdioInternals)._readBuffer = createStdinReader(maxMessageBytes, {
      answer: (message) => void this.send(message).catch((error: Error) => this.onerror?.(error)),
      report: (error) => this.onerror?.(error),
    });
  }

  override send(message: JSONRPCMessage): Promise<void> {
    const bytes = Buffer.byteLength(JSON.stringify(message));
    if (bytes <= this.maxMessageBytes) return super.send(message);
    if (!isJSONRPCResultResponse(message)) {
      this.onOversized(outgoingDroppedError(bytes, this.maxMessageBytes));
      return Promise.resolve();
    }
    return super.send(outgoingTooLargeAnswer(message.id, bytes, this.maxMessageBytes));
  }

  override async close(): Promise<void> {
    await super.close();
    this.onClosed();
  }
}

/**
 * Serves one stdio connection in either protocol era with one McpServer from `factory`
 * (context: no session id, `options.role`, transport `'stdio'`, the era the client opened with,
 * and a scope of its own for this connection).
 *
 * The SDK's `serveStdio` decides the era from the client's first message (`initialize` for
 * 2025, a request with the 2026-07-28 `_meta` envelope or `server/discover` for the modern era)
 * and builds the instance then. A request line above `maxMessageBytes`, or one that breaks the
 * JSON-RPC request shape, is answered with an error to its id (or reported through `onError`
 * when no id can be read) and serving goes on; a result above the bound is answered with a
 * `RESULT_TOO_LARGE` error. The server closes when `close()` is called or when `stdin` ends
 * (the client went away); after either, `onClosed` runs once. Nothing else keeps the process
 * alive, so a process that only serves exits by itself once its stdin closes.
 */
export async function serveStdio(
  factory: ServerFactory,
  options: StdioServeOptions = {},
): Promise<RunningServer> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const onError = options.onError ?? reportOnStderr;
  const scope = stdioScope();
  const transport = new ObservedStdioTransport(
    stdin,
    stdout,
    options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    () => void close(),
    onError,
  );
  let closing: Promise<void> | undefined;
  const telemetry = createServerTelemetry('stdio', () => (closing === undefined ? 1 : 0));
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stdin.off('end', close);
      stdin.off('close', close);
      await handle.close();
      telemetry.sessionClosed('closed');
      telemetry.close();
      // The connection is over: let go of stdin so that nothing keeps the process alive.
      stdin.destroy();
      options.onClosed?.();
    })();
    return closing;
  };
  const shortErrorsFactory = withRequestTelemetry(
    withShortInvalidParams(options.emptyListings === false ? factory : withEmptyListings(factory)),
    options.onRequest,
  );
  const handle = serveSdkStdio(
    ({ era }) =>
      shortErrorsFactory({
        sessionId: undefined,
        role: options.role,
        transport: 'stdio',
        era,
        scope,
      }),
    { transport, onerror: onError },
  );
  stdin.once('end', close);
  stdin.once('close', close);
  return { close };
}
