import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChoiceGraph, createChoiceGraph } from '../../src/browse/choice-graph.js';
import { buildCard } from '../../src/cards/card-builder.js';
import { sortChoiceCards } from '../../src/cards/card-render.js';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import type { GatewayError } from '../../src/errors.js';
import { referenceServerTools } from '../fixtures.js';
import { thrownCode } from '../gateway-failures.js';

const catalog = Object.entries(referenceServerTools()).flatMap(([server, { tools }]) =>
  tools.map((tool) => buildCard(tool, { namespace: server })),
);

function githubLike(): ChoiceCard[] {
  const verbs = ['create', 'get', 'list', 'update', 'delete'];
  const nouns = [
    'issue',
    'pull_request',
    'repository',
    'branch',
    'comment',
    'label',
    'release',
    'workflow',
  ];
  return verbs.flatMap((verb) =>
    nouns.map((noun) => buildCard({ name: `${verb}_${noun}` }, { namespace: 'github' })),
  );
}

/** Walks every node from the root, checking fan-out and order; returns the tool ids reached. */
function walk(graph: ChoiceGraph, maxChildren: number, path = '/'): string[] {
  const cards = graph.browse(path);
  expect(cards).toEqual(sortChoiceCards(cards));
  if (path !== '/') expect(cards.length).toBeLessThanOrEqual(maxChildren);
  return cards.flatMap((card) =>
    card.kind === 'internal' ? walk(graph, maxChildren, card.id) : [card.id],
  );
}

describe('createChoiceGraph', () => {
  it('lists one internal card per namespace at the root', () => {
    const graph = createChoiceGraph(catalog);
    const root = graph.browse('/');
    expect(root.map((card) => card.id)).toEqual(['/everything', '/filesystem', '/memory']);
    expect(root.every((card) => card.kind === 'internal')).toBe(true);
    expect(root[2]?.description).toMatch(/^9 tools: add_observations, create_entities, /);
    expect(graph.browse('/*')).toEqual(root);
  });

  it('lists a small namespace as its tools and returns a leaf as a single card', () => {
    const graph = createChoiceGraph(catalog);
    const memory = graph.browse('/memory');
    expect(memory).toHaveLength(9);
    expect(memory.every((card) => card.kind === 'tool' && card.namespace === 'memory')).toBe(true);
    expect(graph.browse('/memory/*')).toEqual(memory);
    const readGraph = memory.find((card) => card.name === 'read_graph') as ChoiceCard;
    expect(graph.pathOf(readGraph.id)).toBe('/memory/read_graph');
    expect(graph.browse('/memory/read_graph')).toEqual([readGraph]);
    expect(graph.browse('/memory/read_graph/*')).toEqual([readGraph]);
    expect(graph.browse('/everything/get-sum')[0]?.name).toBe('get-sum');
  });

  it('clusters a large namespace by the word after the shared ones', () => {
    const graph = createChoiceGraph(githubLike(), { maxChildren: 8 });
    const clusters = graph.browse('/github');
    expect(clusters.map((card) => card.id)).toEqual([
      '/github/create',
      '/github/delete',
      '/github/get',
      '/github/list',
      '/github/update',
    ]);
    expect(clusters[0]?.description).toBe(
      '8 tools: create_branch, create_comment, create_issue, create_label, create_pull_request, create_release, create_repository, create_workflow',
    );
    expect(graph.browse('/github/create')).toHaveLength(8);
    expect(graph.browse('/github/create/create_issue')[0]?.name).toBe('create_issue');
    expect(walk(graph, 8).sort()).toEqual(
      githubLike()
        .map((card) => card.id)
        .sort(),
    );
  });

  it('falls back to alphabetical ranges when names share no useful word', () => {
    const cards = Array.from({ length: 45 }, (_, index) =>
      buildCard({ name: `tool${String(index).padStart(2, '0')}` }, { namespace: 'flat' }),
    );
    const graph = createChoiceGraph(cards, { maxChildren: 10 });
    const ranges = graph.browse('/flat');
    expect(ranges).toHaveLength(10);
    expect(ranges[0]?.id).toBe('/flat/tool00-tool03');
    expect(walk(graph, 10)).toHaveLength(45);
  });

  it('gives tools whose names map to the same segment distinct leaves', () => {
    const cards = [
      buildCard({ name: 'getItem' }, { namespace: 'shop' }),
      buildCard({ name: 'get_item' }, { namespace: 'shop' }),
    ];
    const graph = createChoiceGraph(cards);
    const paths = cards.map((card) => graph.pathOf(card.id));
    expect(paths[0]).toMatch(/^\/shop\/get_item-[0-9a-f]{8}$/);
    expect(new Set(paths).size).toBe(2);
    expect(graph.browse(paths[1] as string)).toEqual([cards[1]]);
  });

  it('refuses a catalog where a hash-suffixed segment equals another tool segment', () => {
    const twins = [
      buildCard({ name: 'getItem' }, { namespace: 'shop' }),
      buildCard({ name: 'get_item' }, { namespace: 'shop' }),
    ];
    const graph = createChoiceGraph(twins);
    const taken = (graph.pathOf(twins[0]?.id as string) as string).split('/')[2] as string;
    const impostor = buildCard({ name: taken }, { namespace: 'shop' });
    expect(thrownCode(() => createChoiceGraph([...twins, impostor]))).toBe('TOOL_ID_COLLISION');
  });

  it('tells malformed paths (PATH_INVALID) from absent ones (PATH_NOT_FOUND)', () => {
    const graph = createChoiceGraph(catalog);
    for (const path of [
      '',
      'memory',
      '/memory/',
      '//memory',
      '/Memory',
      '/1abc',
      '/memory/*/x',
      '/mem ory',
    ]) {
      expect(thrownCode(() => graph.browse(path))).toBe('PATH_INVALID');
    }
    for (const path of ['/nope', '/memory/nope', '/memory/read_graph/deeper']) {
      expect(thrownCode(() => graph.browse(path))).toBe('PATH_NOT_FOUND');
    }
    try {
      graph.browse('/nope/x');
    } catch (error) {
      expect((error as GatewayError).path).toBe('/nope/x');
    }
    expect(graph.pathOf('nope:x')).toBeUndefined();
  });

  it('refuses internal cards, repeated ids and bad options', () => {
    const first = catalog[0] as ChoiceCard;
    expect(thrownCode(() => createChoiceGraph([first, first]))).toBe('TOOL_ID_COLLISION');
    expect(thrownCode(() => createChoiceGraph([{ ...first, id: '/x', kind: 'internal' }]))).toBe(
      'CARD_INVALID',
    );
    expect(thrownCode(() => createChoiceGraph([{ ...first, inputSchema: {} } as ChoiceCard]))).toBe(
      'CARD_INVALID',
    );
    expect(thrownCode(() => createChoiceGraph(catalog, { maxChildren: 3 }))).toBe('ARGS_INVALID');
    expect(thrownCode(() => createChoiceGraph(catalog, { maxChildren: 4.5 }))).toBe('ARGS_INVALID');
    expect(thrownCode(() => createChoiceGraph('cards' as unknown as ChoiceCard[]))).toBe(
      'ARGS_INVALID',
    );
  });

  it('drops scores, which path browsing has no query for', () => {
    const scored = catalog.map((card) => ({ ...card, score: 1 }));
    expect(
      createChoiceGraph(scored)
        .browse('/memory')
        .some((card) => 'score' in card),
    ).toBe(false);
  });

  it('is deterministic whatever the input order', () => {
    const cards = githubLike();
    const forward = createChoiceGraph(cards, { maxChildren: 6 });
    const backward = createChoiceGraph([...cards].reverse(), { maxChildren: 6 });
    expect(walk(backward, 6)).toEqual(walk(forward, 6));
    expect(backward.browse('/github')).toEqual(forward.browse('/github'));
  });

  it('reaches every tool exactly once with bounded fan-out for any catalog (property)', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z0-9_.-]{0,20}$/);
    const namespace = fc.constantFrom('alpha', 'beta', 'gamma');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(namespace, name), {
          maxLength: 120,
          selector: ([ns, n]) => `${ns}:${n}`,
        }),
        fc.integer({ min: 4, max: 12 }),
        (tools, maxChildren) => {
          const cards = tools.map(([ns, toolName]) =>
            buildCard({ name: toolName }, { namespace: ns }),
          );
          const graph = createChoiceGraph(cards, { maxChildren });
          const reached = walk(graph, maxChildren);
          expect([...reached].sort()).toEqual(cards.map((card) => card.id).sort());
          for (const card of cards)
            expect(graph.browse(graph.pathOf(card.id) as string)).toEqual([card]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
