import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { createCatalogServer } from '@x/core/catalog-server';
import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import {
  createDescriptionMap,
  createProgressiveDisclosure,
  ProgressiveDisclosureError,
  TOOL_DESCRIPTIONS_URI,
  withProgressiveDisclosure,
} from '../src/index.js';
import { createNotesServer, readDescriptions, readJson, resultText } from './helpers.js';

describe('stage 1: tools/list (§3.1)', () => {
  it('lists every tool with its first sentence and the type-only open input schema', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const { tools } = await pair.client.listTools();
    expect(tools.map((tool) => [tool.name, tool.description])).toEqual([
      ['read_note', 'Reads one note by its id and returns its text.'],
      ['write_note', 'Creates or replaces a note.'],
      ['list_notes', 'Lists the ids of all notes, sorted.'],
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema).toEqual({ type: 'object' });
      expect(tool.outputSchema).toBeUndefined();
    }
    expect(tools[0]?.annotations).toBeUndefined();
    expect(tools[0]?.execution).toBeUndefined();
  });

  it('bounds stage-1 descriptions in tokens and prefers a written summary', async () => {
    const descriptions = createDescriptionMap({ list_notes: { summary: 'Lists note ids.' } });
    const server = withProgressiveDisclosure(createNotesServer(), {
      maxSummaryTokens: 8,
      descriptions,
    });
    await using pair = await createTestPair(server);
    const { tools } = await pair.client.listTools();
    expect(tools[0]?.description).toBe('Reads one note by its…');
    expect(tools[2]?.description).toBe('Lists note ids.');
  });

  it('writes out the explicit open schema when asked', async () => {
    const server = withProgressiveDisclosure(createNotesServer(), { schemaStyle: 'explicit' });
    await using pair = await createTestPair(server);
    const { tools } = await pair.client.listTools();
    expect(tools[0]?.inputSchema).toEqual({ type: 'object', additionalProperties: true });
  });
});

describe('stage 2: the tool_descriptions resource (§3.2, §4)', () => {
  it('lists the resource with its name, workflow description and MIME type (§4.1, §4.2)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const { resources } = await pair.client.listResources();
    const ours = resources.find((resource) => resource.uri === TOOL_DESCRIPTIONS_URI);
    expect(ours).toMatchObject({ name: 'tool_descriptions', mimeType: 'application/json' });
    expect(ours?.description).toContain('resource:///tool_descriptions?tools=read_note');
    expect(resources.map((resource) => resource.uri)).toContain('notes://readme');
    const { resourceTemplates } = await pair.client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe('resource:///tool_descriptions{?tools}');
  });

  it('returns exactly the requested tools with complete schemas and nothing else (§4.4)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const result = await pair.client.readResource({
      uri: `${TOOL_DESCRIPTIONS_URI}?tools=write_note,read_note`,
    });
    expect(result.contents[0]?.mimeType).toBe('application/json');
    const body = readJson(result);
    expect(Object.keys(body)).toEqual(['write_note', 'read_note']);
    expect(body.read_note).toEqual({
      name: 'read_note',
      description: expect.stringContaining('Fails with NOT_FOUND for an unknown id.'),
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^n\\d+$', description: 'The note id, e.g. n1' },
        },
        required: ['id'],
      },
    });
    expect(body.write_note).toMatchObject({ outputSchema: { required: ['id', 'length'] } });
  });

  it('adds examples, usage and error guidance from overrides', async () => {
    const descriptions = createDescriptionMap({
      read_note: {
        description: 'Reads one note.',
        examples: [{ description: 'The first note', input: { id: 'n1' } }],
        usage_guidance: { when: 'You know the id.' },
        error_guidance: { NOT_FOUND: 'Call list_notes for valid ids.' },
      },
    });
    await using pair = await createTestPair(
      withProgressiveDisclosure(createNotesServer(), { descriptions }),
    );
    const body = await readDescriptions(pair.client, ['read_note']);
    expect(body.read_note).toMatchObject({
      description: 'Reads one note.',
      examples: [{ description: 'The first note', input: { id: 'n1' } }],
      usage_guidance: { when: 'You know the id.' },
      error_guidance: { NOT_FOUND: 'Call list_notes for valid ids.' },
    });
  });

  it('answers a read without tools with the exact MISSING_TOOL_SELECTION payload (§6.1)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const result = await pair.client.readResource({ uri: TOOL_DESCRIPTIONS_URI });
    const content = result.contents[0];
    expect(content && 'text' in content ? content.text : '').toBe(
      '{"error":{"code":"MISSING_TOOL_SELECTION","message":"You must specify one or more tool names in the \'tools\' parameter.","examples":["resource:///tool_descriptions?tools=tool_name","resource:///tool_descriptions?tools=tool1,tool2"]}}',
    );
  });

  it('gives unknown tools the §6.3 entry next to the known ones (§6.3)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const body = await readDescriptions(pair.client, ['read_note', 'delete_note']);
    expect(body.delete_note).toEqual({
      error: "Tool 'delete_note' not found",
      available_tools: ['read_note', 'write_note', 'list_notes'],
    });
    expect(body.read_note).toMatchObject({ name: 'read_note' });
  });

  it('passes reads of the server own resources through', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const result = await pair.client.readResource({ uri: 'notes://readme' });
    expect(result.contents[0]).toMatchObject({ text: 'A notes server.' });
  });
});

describe('session authorization (§5, §6.2)', () => {
  it('refuses a call before the description was read, with the exact payload (§6.2)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    const result = await pair.client.callTool({ name: 'read_note', arguments: { id: 'n1' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      '{"error":{"code":"TOOL_DESCRIPTION_REQUIRED","message":"Tool \'read_note\' requires fetching its description before use.","resource_uri":"resource:///tool_descriptions?tools=read_note"}}',
    );
  });

  it('runs the call once the description was read, and only for the tools read (§5.1)', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    await readDescriptions(pair.client, ['read_note', 'unknown']);
    const read = await pair.client.callTool({ name: 'read_note', arguments: { id: 'n1' } });
    expect(resultText(read)).toBe('Buy milk');
    const write = await pair.client.callTool({
      name: 'write_note',
      arguments: { id: 'n2', text: 'x' },
    });
    expect(resultText(write)).toContain('TOOL_DESCRIPTION_REQUIRED');
  });

  it("keeps the server's own validation of arguments after the grant", async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    await readDescriptions(pair.client, ['read_note']);
    const result = await pair.client.callTool({ name: 'read_note', arguments: { id: 'bad id' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('Input validation error');
  });

  it('keeps grants apart between servers wrapped by one layer (§5.1.4)', async () => {
    const layer = createProgressiveDisclosure();
    await using first = await createTestPair(layer.wrap(createNotesServer()));
    await using second = await createTestPair(layer.wrap(createNotesServer()));
    await readDescriptions(first.client, ['list_notes']);
    expect((await first.client.callTool({ name: 'list_notes' })).isError).toBeUndefined();
    expect(resultText(await second.client.callTool({ name: 'list_notes' }))).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
  });

  it('answers an unknown tool with a -32602 error, not a description requirement', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    await expect(pair.client.callTool({ name: 'drop_table' })).rejects.toThrow(
      "Tool 'drop_table' not found",
    );
  });

  it('forgets the grants of a session when its server closes', async () => {
    const layer = createProgressiveDisclosure();
    const server = layer.wrap(createNotesServer(), { sessionId: 'fixed-session' });
    const pair = await createTestPair(server);
    await readDescriptions(pair.client, ['list_notes']);
    await pair.close();
    const again = layer.wrap(createNotesServer(), { sessionId: 'fixed-session' });
    await using next = await createTestPair(again);
    await expect
      .poll(async () => resultText(await next.client.callTool({ name: 'list_notes' })))
      .toContain('TOOL_DESCRIPTION_REQUIRED');
  });
});

describe('authorization layering (§5.3, §10.2)', () => {
  const readOnly = createProgressiveDisclosure({
    authorize: (tool, context) =>
      context.role !== 'reader' || tool.annotations?.readOnlyHint === true,
  });

  it('neither lists nor describes nor runs a tool the role may not use', async () => {
    await using pair = await createTestPair(readOnly.wrap(createNotesServer(), { role: 'reader' }));
    const { tools } = await pair.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['read_note', 'list_notes']);
    const body = await readDescriptions(pair.client, ['write_note']);
    expect(body.write_note).toEqual({
      error: "Tool 'write_note' not found",
      available_tools: ['read_note', 'list_notes'],
    });
    await expect(
      pair.client.callTool({ name: 'write_note', arguments: { id: 'n', text: 't' } }),
    ).rejects.toThrow("Tool 'write_note' not found");
  });

  it('lets another role use every tool', async () => {
    await using pair = await createTestPair(readOnly.wrap(createNotesServer(), { role: 'editor' }));
    expect((await pair.client.listTools()).tools).toHaveLength(3);
  });

  it('treats an authorization hook that throws as a refusal', async () => {
    const failing = withProgressiveDisclosure(createNotesServer(), {
      authorize: () => {
        throw new Error('policy store down');
      },
    });
    await using pair = await createTestPair(failing);
    expect((await pair.client.listTools()).tools).toEqual([]);
  });
});

describe('wrapping servers', () => {
  it('wraps a low-level Server with raw handlers, such as the catalog server', async () => {
    const catalog = [
      {
        name: 'get_weather',
        description: 'Gets the weather of a city. Returns degrees Celsius.',
        inputSchema: {
          type: 'object' as const,
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    ];
    await using pair = await createTestPair(
      withProgressiveDisclosure(createCatalogServer(catalog)),
    );
    expect((await pair.client.listTools()).tools[0]?.description).toBe(
      'Gets the weather of a city.',
    );
    await readDescriptions(pair.client, ['get_weather']);
    const result = await pair.client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } });
    expect(result.structuredContent).toMatchObject({ arguments: { city: 'Oslo' } });
  });

  it('refuses a server without tools, a connected server and a second wrap', async () => {
    expect(() => withProgressiveDisclosure(new McpServer({ name: 'empty', version: '1' }))).toThrow(
      /register its tools before wrapping/,
    );
    const connected = createNotesServer();
    await connected.connect(InMemoryTransport.createLinkedPair()[1]);
    expect(() => withProgressiveDisclosure(connected)).toThrow(/before connecting/);
    await connected.close();
    const wrapped = withProgressiveDisclosure(createNotesServer());
    const error = (() => {
      try {
        withProgressiveDisclosure(wrapped);
      } catch (caught) {
        return caught;
      }
    })();
    expect(ProgressiveDisclosureError.isInstance(error) && error.code).toBe('UNSUPPORTED_SERVER');
  });

  it('refuses options outside their domain with INVALID_OPTIONS', () => {
    expect(() => createProgressiveDisclosure({ maxSummaryTokens: 2 })).toThrow(
      /invalid progressive-disclosure option maxSummaryTokens/,
    );
    expect(() => createProgressiveDisclosure({ rateLimit: { maxReads: 0, windowMs: 10 } })).toThrow(
      /rateLimit.maxReads/,
    );
  });
});
