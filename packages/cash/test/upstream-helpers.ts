import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import type { CallToolResult, McpServer, Tool } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { parseCatalog } from '@x/core/catalog-server';
import {
  classifyUpstreamError,
  type ListChangedKind,
  type UpstreamStatus,
} from '@x/core/upstreams';
import type { MountableUpstream } from '../src/aggregate/upstream-mount.js';

/** Absolute path of a test fixture. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

/** The test catalog. */
export const CATALOG = parseCatalog(JSON.parse(readFileSync(fixturePath('catalog.json'), 'utf8')));

/** An in-process upstream: a real SDK client over InMemoryTransport, failures classified by core. */
export interface InMemoryUpstream extends MountableUpstream {
  /** Ends the connection as a crash would. */
  kill(): Promise<void>;
}

/** Connects to `server` in-process; calls time out after `timeoutMs`. */
export async function inMemoryUpstream(
  name: string,
  server: McpServer,
  timeoutMs = 2_000,
): Promise<InMemoryUpstream> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'cash-aggregator-test', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  let status: UpstreamStatus = 'ready';
  async function run<T>(
    operation: string,
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    if (status === 'closed')
      throw classifyUpstreamError(new Error('Not connected'), { upstream: name, operation });
    try {
      return await work();
    } catch (error) {
      throw classifyUpstreamError(error, {
        upstream: name,
        operation,
        ...(signal === undefined ? {} : { signal }),
      });
    }
  }
  return {
    name,
    get status() {
      return status;
    },
    listTools: (options) =>
      run('tools/list', options?.signal, async () => {
        const tools: Tool[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
            timeout: timeoutMs,
            ...(options?.signal === undefined ? {} : { signal: options.signal }),
          });
          tools.push(...page.tools);
          cursor = page.nextCursor;
        } while (cursor !== undefined);
        return tools;
      }),
    callTool: (tool, args, options) =>
      run(
        `tools/call ${tool}`,
        options?.signal,
        async () =>
          (await client.callTool(
            { name: tool, arguments: args },
            {
              timeout: timeoutMs,
              ...(options?.signal === undefined ? {} : { signal: options.signal }),
            },
          )) as CallToolResult,
      ),
    listSkills: (options) =>
      run(
        'skills/list',
        options?.signal,
        async () => (await new SkillsClient(client).list()).skills,
      ),
    readResource: (uri, options) =>
      run('resources/read', options?.signal, () => client.readResource({ uri })),
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    onListChanged(_listener: (kind: ListChangedKind) => void) {
      return () => undefined;
    },
    async close() {
      status = 'closed';
      await client.close();
    },
    async kill() {
      status = 'reconnecting';
      await client.close();
      await server.close();
    },
  };
}
