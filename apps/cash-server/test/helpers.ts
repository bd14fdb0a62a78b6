import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { type AppProcess, startApp } from '@x/test-kit';
import type { DemoDatabase } from '../src/demo/database.js';
import { createDemoServer } from '../src/demo/demo-server.js';

/** The built `x-cash` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The folder of the app's dependencies' bins (the official servers). */
export const BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
/** The example folder (its mcp.json and sandbox). */
export const EXAMPLES = fileURLToPath(new URL('../examples', import.meta.url));
/** PATH with the official servers' bins first. */
export const PATH_WITH_BINS = `${BIN}:${process.env.PATH ?? ''}`;

/** The joined text of a result. */
export function text(result: unknown): string {
  return (result as CallToolResult).content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

/** A client connected in-process to `server`. */
export async function connect(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'x-cash-test', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return client;
}

/** In-process clients of the demo on `database`: one with the admin role, one with the viewer role. */
export async function connectDemo(
  database: DemoDatabase,
): Promise<{ admin: Client; viewer: Client }> {
  const server = createDemoServer(database);
  return {
    admin: await connectCaller(server, 'admin', 'session:admin'),
    viewer: await connectCaller(server, 'viewer', 'session:viewer'),
  };
}

/** An in-process client of `server` as one caller: its role and caller scope. */
export function connectCaller(
  server: ReturnType<typeof createDemoServer>,
  role: string,
  scope: string,
): Promise<Client> {
  return connect(
    server.createMcpServer({ sessionId: undefined, role, transport: 'http', era: 'legacy', scope }),
  );
}

/** A running `x-cash ... --http` process. */
export type HttpProcess = AppProcess;

/** Starts `x-cash <args> --http 127.0.0.1:0` and waits for the URL it prints on stderr. */
export function startHttp(args: readonly string[]): Promise<HttpProcess> {
  return startApp(CLI, [...args, '--http', '127.0.0.1:0'], {
    name: 'x-cash',
    env: { ...process.env, PATH: PATH_WITH_BINS },
  });
}
