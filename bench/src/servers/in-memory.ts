/**
 * In-process MCP: a real SDK client linked to a server by an in-memory transport pair, and an
 * upstream for `@x/cash` mounts made from such a client.
 *
 * @module
 */

import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, McpServer, Tool } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { MountableUpstream } from '@x/cash';
import { BenchError } from '../errors.js';

/** The most `tools/list` pages {@link listAllTools} follows before it calls the cursor a runaway. */
const MAX_PAGES = 1_000;

/** Connects a new client to `server` in process; closing the client closes both ends. */
export async function connectInMemory(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'x-bench', version: '0.1.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return client;
}

/**
 * Every tool the client's server lists, following cursors, in the order served.
 *
 * @throws {@link BenchError} `SETUP` when the server keeps handing out cursors.
 */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    // One page per request: the SDK's listTools() without a cursor would gather every page.
    const result = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      signal === undefined ? {} : { signal },
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new BenchError({
    code: 'SETUP',
    message: `tools/list returned more than ${MAX_PAGES} pages`,
  });
}

/**
 * An upstream for `createUpstreamMount` of `@x/cash` over a connected in-memory client: what an
 * `@x/core/upstreams` connection offers a mount, without a child process. It never reconnects
 * and never reports list changes (an in-process catalog does not change).
 */
export function clientUpstream(name: string, client: Client): MountableUpstream {
  let closed = false;
  return {
    name,
    get status() {
      return closed ? 'closed' : 'ready';
    },
    listTools: (options) => listAllTools(client, options?.signal),
    // A bench catalog serves no skills (the Skills extension).
    listSkills: async () => [],
    async callTool(tool, args, options) {
      return (await client.callTool(
        { name: tool, arguments: args },
        options?.signal === undefined ? {} : { signal: options.signal },
      )) as CallToolResult;
    },
    readResource: (uri, options) =>
      client.readResource({ uri }, options?.signal === undefined ? {} : { signal: options.signal }),
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    onListChanged: () => () => undefined,
    async close() {
      closed = true;
      await client.close();
    },
  };
}
