/**
 * Stdio serving: `serveStdio`.
 *
 * @module
 */

import type { Readable, Writable } from 'node:stream';
import {
  StdioServerTransport,
  serveStdio as serveSdkStdio,
} from '@modelcontextprotocol/server/stdio';
import { stdioScope } from './caller-scope.js';
import type { RunningServer, ServerFactory, StdioServeOptions } from './types.js';

/** The largest stdin message accepted when none is given (10 MiB, the SDK's own bound). */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function reportOnStderr(error: Error): void {
  process.stderr.write(`mcp stdio: ${error.message}\n`);
}

/**
 * The SDK's stdio transport, telling us when it closes by itself (stdin ended, stdout broke, a
 * message above the size bound): the SDK takes `onclose` over once it connects.
 */
class ObservedStdioTransport extends StdioServerTransport {
  constructor(
    stdin: Readable,
    stdout: Writable,
    maxBufferSize: number,
    private readonly onClosed: () => void,
  ) {
    super(stdin, stdout, { maxBufferSize });
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
 * and builds the instance then. A line above `maxMessageBytes` is reported through `onError`
 * and closes the connection. The server closes when `close()` is called or when `stdin` ends
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
  );
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stdin.off('end', close);
      stdin.off('close', close);
      await handle.close();
      // The connection is over: let go of stdin so that nothing keeps the process alive.
      stdin.destroy();
      options.onClosed?.();
    })();
    return closing;
  };
  const handle = serveSdkStdio(
    ({ era }) =>
      factory({ sessionId: undefined, role: options.role, transport: 'stdio', era, scope }),
    { transport, onerror: onError },
  );
  stdin.once('end', close);
  stdin.once('close', close);
  return { close };
}
