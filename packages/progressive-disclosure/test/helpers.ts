/**
 * Test helpers: a small SDK server and readers of the progressive-disclosure payloads.
 */

import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A notes server of three tools and one resource, with long descriptions. */
export function createNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  const notes = new Map<string, string>([['n1', 'Buy milk']]);
  server.registerTool(
    'read_note',
    {
      title: 'Read note',
      description:
        'Reads one note by its id and returns its text. Use list_notes first when you do not know the id; ids look like n1, n2. Fails with NOT_FOUND for an unknown id.',
      inputSchema: z.object({
        id: z
          .string()
          .regex(/^n\d+$/)
          .describe('The note id, e.g. n1'),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => {
      const text = notes.get(id);
      return text === undefined
        ? { content: [{ type: 'text', text: `NOT_FOUND: ${id}` }], isError: true }
        : { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'write_note',
    {
      description:
        'Creates or replaces a note.\n\nArgs:\n  id: the note id\n  text: the whole new text (max 1000 characters)',
      inputSchema: z.object({ id: z.string(), text: z.string().max(1000) }),
      outputSchema: z.object({ id: z.string(), length: z.number() }),
    },
    async ({ id, text }) => {
      notes.set(id, text);
      return {
        content: [{ type: 'text', text: `saved ${id}` }],
        structuredContent: { id, length: text.length },
      };
    },
  );
  server.registerTool(
    'list_notes',
    { description: 'Lists the ids of all notes, sorted.', annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: [...notes.keys()].sort().join('\n') }] }),
  );
  server.registerResource(
    'readme',
    'notes://readme',
    { mimeType: 'text/plain', description: 'About this server' },
    async (uri) => ({ contents: [{ uri: uri.href, text: 'A notes server.' }] }),
  );
  return server;
}

/** The JSON text of the first content of a read. */
export function readJson(result: ReadResourceResult): Record<string, unknown> {
  const content = result.contents[0];
  if (content === undefined || !('text' in content)) throw new Error('no text content');
  return JSON.parse(content.text) as Record<string, unknown>;
}

/** The text of the first content of a tool result. */
export function resultText(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content?.[0];
  if (content === undefined || content.type !== 'text') throw new Error('no text content');
  return content.text;
}

/** Reads the descriptions of `names` through `client`. */
export async function readDescriptions(
  client: Client,
  names: readonly string[],
): Promise<Record<string, unknown>> {
  return readJson(
    await client.readResource({ uri: `resource:///tool_descriptions?tools=${names.join(',')}` }),
  );
}
