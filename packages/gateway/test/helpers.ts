/** Shared test plumbing: upstream adapters over in-memory client/server pairs. */

import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { type Catalog as CoreCatalog, createCatalogServer } from '@x/core/catalog-server';
import { createTestPair, type TestPair } from '@x/test-kit';
import type { GatewayUpstream } from '../src/server/upstream.js';
import { referenceServerTools } from './fixtures.js';

/** A call an upstream received. */
export interface RecordedCall {
  name: string;
  args: Record<string, unknown>;
}

/** An upstream backed by a client, recording every call it forwards. */
export interface SpyingUpstream extends GatewayUpstream {
  calls: RecordedCall[];
}

/** Wraps a connected client as a gateway upstream that records the calls it forwards. */
export function clientUpstream(name: string, client: Client, namespace?: string): SpyingUpstream {
  const calls: RecordedCall[] = [];
  return {
    name,
    namespace,
    calls,
    async listTools() {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    },
    async callTool(toolName, args, options) {
      calls.push({ name: toolName, args });
      return (await client.callTool(
        { name: toolName, arguments: args },
        options?.signal === undefined ? {} : { signal: options.signal },
      )) as CallToolResult;
    },
  };
}

/** The captured tools of a reference server as a catalog for core's catalog server. */
export function referenceCatalog(server: 'everything' | 'filesystem' | 'memory'): CoreCatalog {
  return (referenceServerTools()[server]?.tools ?? []).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema as CoreCatalog[number]['inputSchema'],
    server,
  }));
}

/** Catalog-server upstreams for the three reference servers, each connected in memory. */
export async function referenceUpstreams(
  pairs: TestPair[],
): Promise<Record<'everything' | 'filesystem' | 'memory', SpyingUpstream>> {
  const result = {} as Record<'everything' | 'filesystem' | 'memory', SpyingUpstream>;
  for (const server of ['everything', 'filesystem', 'memory'] as const) {
    const pair = await createTestPair(createCatalogServer(referenceCatalog(server)));
    pairs.push(pair);
    result[server] = clientUpstream(server, pair.client);
  }
  return result;
}

/** The text of the first content block of a tool result. */
export function firstText(result: object): string {
  const block = (
    (result as { content?: unknown }).content as Array<{ type: string; text?: string }> | undefined
  )?.[0];
  if (block?.type !== 'text' || block.text === undefined) throw new Error('expected a text block');
  return block.text;
}

/** The structured content of a tool result, typed for tests. */
export function structured<T = Record<string, unknown>>(result: object): T {
  return (result as { structuredContent?: unknown }).structuredContent as T;
}

/** An in-process upstream whose tools and answers a test controls. */
export interface FakeUpstream extends SpyingUpstream {
  /** The tools the next listing returns; replace to simulate a change. */
  tools: Tool[];
  /** When set, the next listings fail with it. */
  listError: unknown;
  /** Answers calls; default an echo of the arguments. */
  answer: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
  /** Sends `list_changed` to the subscribers. */
  changed(kind?: string): void;
}

/** Creates a {@link FakeUpstream}. */
export function fakeUpstream(name: string, tools: Tool[], namespace?: string): FakeUpstream {
  const listeners = new Set<(kind: string) => void>();
  const upstream: FakeUpstream = {
    name,
    namespace,
    calls: [],
    tools,
    listError: undefined,
    answer: async (toolName, args) => ({
      content: [{ type: 'text', text: JSON.stringify({ toolName, args }) }],
    }),
    async listTools() {
      if (upstream.listError !== undefined) throw upstream.listError;
      return upstream.tools;
    },
    async callTool(toolName, args) {
      upstream.calls.push({ name: toolName, args });
      return upstream.answer(toolName, args);
    },
    onListChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed(kind = 'tools') {
      for (const listener of listeners) listener(kind);
    },
  };
  return upstream;
}

/** A tool with string properties, all required. */
export function simpleTool(
  name: string,
  properties: string[] = [],
  description = `The ${name} tool.`,
): Tool {
  return {
    name,
    description,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(properties.map((property) => [property, { type: 'string' }])),
      required: properties,
    },
  };
}
