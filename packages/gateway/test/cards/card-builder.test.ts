import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCard, buildNodeCard, cardSkeleton } from '../../src/cards/card-builder.js';
import {
  CARD_HARD_CAP_TOKENS,
  CARD_TARGET_TOKENS,
  cardTokens,
  renderCard,
} from '../../src/cards/card-render.js';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import { parseChoiceCard } from '../../src/cards/choice-card.js';
import { truncateDescription } from '../../src/cards/description-truncation.js';
import { countLinesTokens } from '../../src/cards/token-count.js';
import { GatewayError } from '../../src/errors.js';
import { deriveToolId } from '../../src/tool-id/tool-id-derive.js';
import { anyText } from '../arbitraries.js';
import { referenceServerTools } from '../fixtures.js';

const PERMITTED = [
  'id',
  'name',
  'description',
  'tags',
  'kind',
  'namespace',
  'has_schema',
  'score',
  'cost_hint',
  'side_effects',
  'safety',
];

const writeFile = {
  name: 'write_file',
  title: 'Write File',
  description: 'Create a new file or completely overwrite an existing file with new content.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
  },
  outputSchema: { type: 'object', properties: { content: { type: 'string' } } },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  _meta: { secret: 'x', url: 'https://upstream.example' },
};

describe('buildCard', () => {
  it('builds a card with only the permitted fields, in the spec order', () => {
    const card = buildCard(writeFile, { namespace: 'filesystem', score: 0.75 });
    expect(Object.keys(card)).toEqual(PERMITTED);
    expect(card).toEqual({
      id: deriveToolId(writeFile, { namespace: 'filesystem' }).toolId,
      name: 'write_file',
      description: 'Create a new file or completely overwrite an existing file with new content.',
      tags: ['destructive'],
      kind: 'tool',
      namespace: 'filesystem',
      has_schema: true,
      score: 0.75,
      cost_hint: 0,
      side_effects: true,
      safety: 'destructive',
    });
    expect(JSON.stringify(card)).not.toMatch(
      /inputSchema|outputSchema|annotations|_meta|upstream\.example/,
    );
  });

  it('uses a given tool id and omits an absent score', () => {
    const card = buildCard(writeFile, { toolId: 'fs:write_file@2' });
    expect(card.id).toBe('fs:write_file@2');
    expect(card.namespace).toBe('fs');
    expect(card).not.toHaveProperty('score');
  });

  it('derives safety, side effects and has_schema from explicit hints only', () => {
    const readOnly = buildCard({
      name: 'read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    });
    expect(readOnly).toMatchObject({
      tags: ['read-only'],
      safety: 'read_only',
      side_effects: false,
      has_schema: false,
    });
    const unannotated = buildCard({
      name: 'thing',
      inputSchema: { type: 'object', properties: { a: {} } },
    });
    expect(unannotated).toMatchObject({
      tags: [],
      safety: '',
      side_effects: false,
      has_schema: true,
    });
    const contradictory = buildCard({
      name: 'odd',
      annotations: { readOnlyHint: true, destructiveHint: true },
    });
    expect(contradictory).toMatchObject({
      tags: ['destructive', 'read-only'],
      safety: 'destructive',
    });
    expect(buildCard(writeFile, { sideEffects: false }).side_effects).toBe(false);
  });

  it('keeps safety tags past the tag cap', () => {
    const card = buildCard(writeFile, { tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    expect(card.tags).toEqual(['a', 'b', 'c', 'd', 'destructive', 'e']);
  });

  it('falls back to the title, then nothing, for the description', () => {
    expect(buildCard({ name: 'x', title: 'The X tool' }).description).toBe('The X tool');
    expect(buildCard({ name: 'x', annotations: { title: 'Annotated' } }).description).toBe(
      'Annotated',
    );
    expect(buildCard({ name: 'x' }).description).toBe('');
  });

  it('caps a long name at 64 characters', () => {
    const card = buildCard({ name: `tool_${'n'.repeat(100)}` });
    expect(card.name).toHaveLength(64);
    expect(card.name.endsWith('…')).toBe(true);
  });

  it('truncates a long description so the card fits its budget', () => {
    const description = `${'This sentence describes the tool in some detail. '.repeat(30)}End.`;
    const card = buildCard({ name: 'verbose', description });
    expect(card.description.length).toBeLessThan(description.length);
    expect(card.description.endsWith('.')).toBe(true);
    expect(cardTokens(card)).toBeLessThanOrEqual(60);
  });

  it('refuses bad options with CARD_INVALID', () => {
    const bad = [
      { costHint: -1 },
      { costHint: Number.NaN },
      { score: Number.POSITIVE_INFINITY },
      { kind: 'internal' },
    ];
    for (const options of bad) {
      expect(() => buildCard(writeFile, options as never)).toThrow(
        expect.objectContaining({ code: 'CARD_INVALID' }),
      );
    }
    expect(() => buildCard(writeFile, { toolId: 'bad id' })).toThrow(GatewayError);
  });

  it('raises CARD_OVER_BUDGET when the card is too big without its description', () => {
    const toolId = `${'q'.repeat(64)}:${'Zx9'.repeat(42)}@${'v'.repeat(32)}`;
    expect(() =>
      buildCard(
        { name: 'x' },
        { toolId, tags: ['αβγδεζηθικλμνξοπρστυφχψω', 'ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ'] },
      ),
    ).toThrow(expect.objectContaining({ code: 'CARD_OVER_BUDGET' }));
  });

  it('builds valid cards within the hard cap for every real reference-server tool', () => {
    for (const [server, { tools }] of Object.entries(referenceServerTools())) {
      for (const tool of tools) {
        const card = buildCard(tool, { namespace: server });
        expect(parseChoiceCard(card)).toEqual(card);
        expect(cardTokens(card)).toBeLessThanOrEqual(CARD_HARD_CAP_TOKENS);
      }
    }
  });

  it('always yields a valid card within the hard cap or a typed error (property)', () => {
    fc.assert(
      fc.property(
        anyText(80).filter((name) => name !== ''),
        anyText(2_000),
        (name, description) => {
          try {
            const card = buildCard({ name, description, inputSchema: {} });
            expect(parseChoiceCard(card)).toEqual(card);
            expect(cardTokens(card)).toBeLessThanOrEqual(CARD_HARD_CAP_TOKENS);
          } catch (error) {
            expect(GatewayError.isInstance(error) && error.code).toBe('CARD_OVER_BUDGET');
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** The description fit of `buildCard` done the plain way: every card line counted whole by core. */
function plainFit(card: ChoiceCard, description: string): ChoiceCard {
  const rest = countTokens(renderCard({ ...card, description: '' }));
  let budget = Math.max(1, CARD_TARGET_TOKENS - rest);
  let fitted = { ...card, description: truncateDescription(description, budget) };
  let total = countTokens(renderCard(fitted));
  while (total > CARD_TARGET_TOKENS && budget > 1) {
    budget = Math.max(1, budget - (total - CARD_TARGET_TOKENS));
    fitted = { ...card, description: truncateDescription(description, budget) };
    total = countTokens(renderCard(fitted));
  }
  return fitted;
}

describe('fitting a description', () => {
  const words = fc
    .array(fc.stringMatching(/^[A-Za-z][a-z]{0,11}[.,!?…]?$/), { maxLength: 60 })
    .map((parts) => parts.join(' '));

  it("fits the card that counting each whole line by core fits, and keeps the line's exact counts (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.…-]{0,70}$/),
        fc.oneof(words, anyText(600)),
        fc.record({ readOnlyHint: fc.boolean(), destructiveHint: fc.boolean() }),
        fc.array(fc.stringMatching(/^[a-z]{1,10}$/), { maxLength: 3 }),
        (name, description, annotations, tags) => {
          const tool = { name, description, annotations, inputSchema: {} };
          const skeleton = cardSkeleton(tool, { namespace: 'demo', tags });
          const expected = plainFit(skeleton.card, skeleton.description);
          if (countTokens(renderCard(expected)) > CARD_HARD_CAP_TOKENS) return;
          const card = buildCard(tool, { namespace: 'demo', tags });
          expect(card).toEqual(expected);
          // The line's counts were kept while fitting; the answer check reads them.
          const line = renderCard(card);
          expect(countLinesTokens([line, line])).toBe(countTokens(`${line}\n${line}`));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('buildNodeCard', () => {
  it('builds an internal card whose id is the path', () => {
    const card = buildNodeCard({
      path: '/github/issues',
      namespace: 'github',
      name: 'issues',
      description: '3 tools: a, b, c',
    });
    expect(parseChoiceCard(card)).toEqual(card);
    expect(card).toMatchObject({
      id: '/github/issues',
      kind: 'internal',
      has_schema: false,
      tags: [],
      safety: '',
    });
  });
});
