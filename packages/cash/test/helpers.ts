import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';

/** A connected client/server pair over InMemoryTransport. */
export interface TestPair {
  client: Client;
  /** Calls one of the three tools and returns the result. */
  tool(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Connects a real SDK client to `server` in-process. */
export async function createTestPair(server: McpServer): Promise<TestPair> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'cash-test', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    async tool(name, args = {}) {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The joined text blocks of a result. */
export function text(result: CallToolResult): string {
  return result.content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

/** The wire code of an error result. */
export function code(result: CallToolResult): unknown {
  return (result.structuredContent as { code?: unknown } | undefined)?.code;
}

/** The parsed JSON text of a result. */
export function json(result: CallToolResult): Record<string, unknown> {
  return JSON.parse(text(result)) as Record<string, unknown>;
}
