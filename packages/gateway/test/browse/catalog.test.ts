import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatalogSource, createCatalog } from '../../src/browse/catalog.js';
import { buildCard } from '../../src/cards/card-builder.js';
import { isToolId } from '../../src/tool-id/tool-id.js';
import { anyText, nameArbitrary, namespaceArbitrary } from '../arbitraries.js';
import { referenceServerTools } from '../fixtures.js';
import { thrownFailure } from '../gateway-failures.js';

const reference = referenceServerTools();
const sources: CatalogSource[] = Object.entries(reference).map(([upstream, { tools }]) => ({
  upstream,
  tools,
}));

describe('createCatalog', () => {
  const catalog = createCatalog(sources);

  it('gives every tool an id in its server namespace, the name kept verbatim', () => {
    expect(catalog.size).toBe(36);
    expect(catalog.toolIds).toEqual([...catalog.toolIds].sort());
    for (const toolId of catalog.toolIds) expect(isToolId(toolId)).toBe(true);
    const entry = catalog.entry(
      catalog.toolIds.find((id) => id.startsWith('everything:get-sum#')) ?? '',
    );
    expect(entry).toMatchObject({
      upstream: 'everything',
      upstreamName: 'get-sum',
      derivation: 'configured',
      parts: { namespace: 'everything', name: 'get-sum' },
    });
  });

  it('uses the configured namespace instead of the server key', () => {
    const renamed = createCatalog([
      { upstream: 'fs-server', namespace: 'Files', tools: reference.filesystem?.tools ?? [] },
    ]);
    expect(renamed.toolIds.every((id) => id.startsWith('files:'))).toBe(true);
    expect(renamed.entry(renamed.toolIds[0] as string)?.upstream).toBe('fs-server');
  });

  it('builds the same cards as buildCard, on first need', () => {
    for (const toolId of catalog.toolIds) {
      const entry = catalog.entry(toolId);
      expect(catalog.card(toolId)).toEqual(buildCard(entry?.tool ?? { name: '' }, { toolId }));
    }
    expect(catalog.cards().map((card) => card.id)).toEqual(catalog.toolIds);
  });

  it('hydrates by tool_id only, with the upstream schema as received', () => {
    const toolId = catalog.toolIds.find((id) => id.startsWith('filesystem:read_file#')) as string;
    const tool = reference.filesystem?.tools.find((candidate) => candidate.name === 'read_file');
    expect(catalog.hydrate(toolId)).toEqual({
      tool_id: toolId,
      name: 'read_file',
      title: 'Read File (Deprecated)',
      description: tool?.description,
      input_schema: tool?.inputSchema,
      output_schema: (tool as { outputSchema?: unknown }).outputSchema,
      annotations: tool?.annotations,
    });
  });

  it('tells malformed ids from unknown ones and suggests similar ids', () => {
    expect(thrownFailure(() => catalog.hydrate('read_file'))).toMatchObject({
      code: 'TOOL_ID_INVALID',
    });
    expect(thrownFailure(() => catalog.hydrate(42))).toMatchObject({ code: 'TOOL_ID_INVALID' });
    const unknown = thrownFailure(() => catalog.hydrate('filesystem:read_file'));
    expect(unknown).toMatchObject({ code: 'HYDRATE_FAILED', tool_id: 'filesystem:read_file' });
    expect(unknown?.suggestions).toContain(
      catalog.toolIds.find((id) => id.startsWith('filesystem:read_file#')),
    );
  });

  it('answers every string with an entry, TOOL_ID_INVALID or HYDRATE_FAILED (property)', () => {
    fc.assert(
      fc.property(anyText(80), (text) => {
        const outcome = thrownFailure(() => catalog.resolve(text));
        expect(
          outcome === undefined ||
            ['TOOL_ID_INVALID', 'HYDRATE_FAILED'].includes(outcome.code as string),
        ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('raises TOOL_ID_COLLISION when two tools resolve to one id', () => {
    const tool = { name: 'search', inputSchema: { type: 'object' } };
    const outcome = thrownFailure(() =>
      createCatalog([
        { upstream: 'a', namespace: 'web', tools: [tool] },
        { upstream: 'b', namespace: 'web', tools: [tool] },
      ]),
    );
    expect(outcome).toMatchObject({
      code: 'TOOL_ID_COLLISION',
      upstreamNames: ['search', 'search'],
    });
  });

  it('raises CARD_OVER_BUDGET at ingest for a tool whose card cannot fit the hard cap', () => {
    const name = Array.from({ length: 30 }, (_, index) => `x${index}Q`)
      .join('.')
      .slice(0, 120);
    const tags = { annotations: { destructiveHint: true } };
    expect(
      thrownFailure(() => createCatalog([{ upstream: 'odd', tools: [{ name, ...tags }] }])),
    ).toMatchObject({
      code: 'CARD_OVER_BUDGET',
    });
  });

  it('refuses at ingest exactly the tools whose card cannot be built (property)', () => {
    // Dense names such as `a1B.c2D...` take about one token per character: some fit, some not.
    const denseName = fc
      .array(fc.stringMatching(/^[a-z][0-9][A-Z]$/), { minLength: 10, maxLength: 40 })
      .map((segments) => segments.join('.').slice(0, 128));
    const tool = fc.record({
      name: fc.oneof(nameArbitrary, denseName),
      description: fc.constantFrom(undefined, 'Reads a file.', 'x'.repeat(300)),
      annotations: fc.constantFrom(undefined, { destructiveHint: true }, { readOnlyHint: true }),
    });
    fc.assert(
      fc.property(namespaceArbitrary, tool, (namespace, { name, description, annotations }) => {
        const source = {
          name,
          inputSchema: { type: 'object' },
          ...(description === undefined ? {} : { description }),
          ...(annotations === undefined ? {} : { annotations }),
        };
        const atIngest = thrownFailure(() =>
          createCatalog([{ upstream: 'up', namespace, tools: [source] }]),
        );
        const built = thrownFailure(() => buildCard(source, { namespace }));
        expect(atIngest?.code).toBe(built?.code);
      }),
      { numRuns: 300 },
    );
  });

  it('routes a query to scored cards and browses the graph', () => {
    const cards = catalog.route('create entities in the knowledge graph', 3);
    expect(cards[0]?.id.startsWith('memory:create_entities#')).toBe(true);
    expect(cards.every((card) => typeof card.score === 'number')).toBe(true);
    expect(catalog.browse('/memory').map((card) => card.name)).toContain('read_graph');
  });
});
