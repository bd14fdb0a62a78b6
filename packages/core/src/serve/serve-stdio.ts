/**
 * Stdio serving: `serveStdio`.
 *
 * @module
 */

import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { RunningServer, ServerFactory, StdioServeOptions } from './types.js';

/**
 * Serves one MCP session over stdin/stdout with one McpServer from `factory`
 * (context: no session id, `options.role`, transport `'stdio'`).
 *
 * The server closes when `close()` is called or when `stdin` ends (the client went away); after
 * either, `onClosed` runs once. Nothing else keeps the process alive, so a process that only
 * serves exits by itself once its stdin closes.
 */
export async function serveStdio(
  factory: ServerFactory,
  options: StdioServeOptions = {},
): Promise<RunningServer> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const server = await factory({ sessionId: undefined, role: options.role, transport: 'stdio' });
  const transport = new StdioServerTransport(stdin, stdout);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stdin.off('end', close);
      stdin.off('close', close);
      await server.close();
      options.onClosed?.();
    })();
    return closing;
  };
  stdin.once('end', close);
  stdin.once('close', close);
  await server.connect(transport);
  return { close };
}
