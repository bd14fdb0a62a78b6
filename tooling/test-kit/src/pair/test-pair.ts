/**
 * A real SDK `Client` connected in memory to a server under test, disposed with `await using`.
 *
 * @module
 */

import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, McpServer, Server } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';

/** A client connected in memory to a server; disposing it (or `close`) ends both. */
export interface TestPair extends AsyncDisposable {
  /** The connected client. */
  readonly client: Client;
  /** Each message from the server, serialized exactly as a stream transport would send it. */
  readonly received: string[];
  /** Calls the tool `name` with `args` (default none) and returns its result. */
  callTool(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Closes the client, then the server. */
  close(): Promise<void>;
}

/** Options of {@link createTestPair}. */
export interface TestPairOptions {
  /** The client's `clientInfo.name` (default `test-client`). */
  clientName?: string;
}

/**
 * Connects a real SDK client to `server` over `InMemoryTransport.createLinkedPair()`, so a test
 * reads `await using pair = await createTestPair(server)`.
 */
export async function createTestPair(
  server: McpServer | Server,
  options: TestPairOptions = {},
): Promise<TestPair> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: options.clientName ?? 'test-client', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  const received: string[] = [];
  const deliver = clientTransport.onmessage;
  clientTransport.onmessage = (message, extra) => {
    received.push(JSON.stringify(message));
    deliver?.(message, extra);
  };
  const close = async () => {
    await client.close();
    await server.close();
  };
  return {
    client,
    received,
    async callTool(name, args = {}) {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
