import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { checkDescriptions } from '@x/progressive-disclosure';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoDescriptions, createDemoServer } from '../src/demo/demo-server.js';
import { DEMO_DESCRIPTIONS } from '../src/demo/descriptions.js';
import { createDemoFactory } from '../src/run.js';

const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connect(role?: string): Promise<Client> {
  const server = await createDemoFactory()({
    sessionId: undefined,
    role,
    transport: 'stdio',
    era: 'legacy',
    scope: 'stdio:test',
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'demo-test', version: '0.0.0' });
  await client.connect(clientTransport);
  clients.push(client);
  return client;
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

async function grant(client: Client, names: string[]): Promise<void> {
  await client.readResource({ uri: `resource:///tool_descriptions?tools=${names.join(',')}` });
}

describe('x-pd demo', () => {
  it('offers twelve tools with one-sentence descriptions and the guidance as instructions', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    for (const tool of tools) expect(tool.description).toMatch(/^[A-Z][^.]*[.]$/);
    expect(client.getInstructions()).toContain('resource:///tool_descriptions?tools=tasks_list');
  });

  it('describes every tool with examples that are valid calls, and guidance', async () => {
    const server = createDemoServer();
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'demo-test', version: '0.0.0' });
    await client.connect(clientTransport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(
      await checkDescriptions(tools, createDemoDescriptions(), Object.keys(DEMO_DESCRIPTIONS)),
    ).toEqual([]);
    for (const tool of tools) {
      const override = DEMO_DESCRIPTIONS[tool.name] as Record<string, unknown>;
      expect(override.examples).toBeDefined();
      expect(override.usage_guidance ?? override.error_guidance).toBeDefined();
    }
  });

  it('runs a task flow after reading the descriptions, with deterministic data', async () => {
    const client = await connect();
    expect(text(await client.callTool({ name: 'tasks_list', arguments: {} }))).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
    await grant(client, ['tasks_list', 'tasks_create', 'tasks_complete']);
    const created = JSON.parse(
      text(
        await client.callTool({
          name: 'tasks_create',
          arguments: { title: 'Renew TLS', due: '2026-03-03' },
        }),
      ),
    );
    expect(created).toEqual({ id: 'task-6' });
    expect(
      text(await client.callTool({ name: 'tasks_complete', arguments: { id: 'task-1' } })),
    ).toBe('{"id":"task-1","status":"done"}');
    const listed = JSON.parse(
      text(await client.callTool({ name: 'tasks_list', arguments: { due_before: '2026-03-06' } })),
    );
    expect(listed.tasks.map((task: { id: string }) => task.id)).toEqual(['task-6', 'task-3']);
    const again = await client.callTool({ name: 'tasks_complete', arguments: { id: 'task-1' } });
    expect(again.isError).toBe(true);
    expect(text(again)).toBe('ALREADY_DONE: task task-1 is already done');
  });

  it('finds a free slot and refuses a conflicting event', async () => {
    const client = await connect();
    await grant(client, ['calendar_find_free_slot', 'calendar_create_event']);
    expect(
      JSON.parse(
        text(
          await client.callTool({
            name: 'calendar_find_free_slot',
            arguments: { date: '2026-03-02', duration_minutes: 60 },
          }),
        ),
      ),
    ).toEqual({ start: '2026-03-02T09:45', end: '2026-03-02T10:45' });
    const conflict = await client.callTool({
      name: 'calendar_create_event',
      arguments: { title: 'Clash', start: '2026-03-02T14:30', duration_minutes: 30 },
    });
    expect(text(conflict)).toBe('CONFLICT: overlaps event-2 "Northwind follow-up" at 14:00');
  });

  it('searches and reads notes, and keeps each session on its own data', async () => {
    const first = await connect();
    const second = await connect();
    await grant(first, ['notes_create', 'notes_search']);
    await grant(second, ['notes_search']);
    await first.callTool({ name: 'notes_create', arguments: { title: 'Only here', body: 'x' } });
    const search = (client: Client) =>
      client.callTool({ name: 'notes_search', arguments: { query: 'only here' } }).then(text);
    expect(JSON.parse(await search(first)).notes).toHaveLength(1);
    expect(JSON.parse(await search(second)).notes).toHaveLength(0);
  });

  it('shows the read-only role only read-only tools', async () => {
    const client = await connect('read-only');
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual([
      'notes_search',
      'notes_read',
      'tasks_list',
      'calendar_list_events',
      'calendar_find_free_slot',
    ]);
  });
});
