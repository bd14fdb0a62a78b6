import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCard } from '../../src/cards/card-builder.js';
import {
  BROWSE_PREAMBLE_MAX_TOKENS,
  CARD_HARD_CAP_TOKENS,
  compareChoiceCards,
  renderCard,
  renderChoiceCards,
  sortChoiceCards,
} from '../../src/cards/card-render.js';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import { referenceServerTools } from '../fixtures.js';

const base: ChoiceCard = {
  id: 'github:create_issue@1.4.0',
  name: 'create_issue',
  description: 'Create an issue.',
  tags: [],
  kind: 'tool',
  namespace: 'github',
  has_schema: true,
  cost_hint: 0,
  side_effects: false,
  safety: '',
};

describe('renderCard', () => {
  it('renders a plain card as id and description', () => {
    expect(renderCard(base)).toBe('github:create_issue@1.4.0: Create an issue.');
  });

  it('renders every optional marker when it applies, and never the score', () => {
    const card: ChoiceCard = {
      ...base,
      kind: 'agent',
      tags: ['destructive', 'issues', 'write'],
      safety: 'destructive',
      side_effects: true,
      cost_hint: 0.5,
      has_schema: false,
      score: 0.99,
    };
    expect(renderCard(card)).toBe(
      'github:create_issue@1.4.0 (agent): Create an issue. [tags: issues, write] [destructive] [side effects] [cost: 0.5] [no arguments]',
    );
  });

  it('renders internal cards without kind or argument markers', () => {
    const node: ChoiceCard = {
      ...base,
      id: '/github',
      kind: 'internal',
      has_schema: false,
      description: '2 tools: a, b',
    };
    expect(renderCard(node)).toBe('/github: 2 tools: a, b');
  });
});

describe('ordering (§2.5)', () => {
  it('sorts by descending score, unscored last, ties by id in code-point order', () => {
    const cards: ChoiceCard[] = [
      { ...base, id: 'b:x', namespace: 'b', score: 1 },
      { ...base, id: 'a:y', namespace: 'a' },
      { ...base, id: 'a:x', namespace: 'a', score: 1 },
      { ...base, id: 'c:z', namespace: 'c', score: 2 },
      { ...base, id: 'a:a', namespace: 'a' },
    ];
    expect(sortChoiceCards(cards).map((card) => card.id)).toEqual([
      'c:z',
      'a:x',
      'b:x',
      'a:a',
      'a:y',
    ]);
    expect(cards[0]?.id).toBe('b:x');
  });

  it('is a total, deterministic order independent of input order (property)', () => {
    const card = fc.record({
      id: fc.stringMatching(/^[a-c]:[A-Za-z_]{1,3}$/),
      score: fc.option(fc.constantFrom(0, 0.5, 1), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(card, { selector: (value) => value.id, maxLength: 20 }),
        (values) => {
          const cards = values.map(({ id, score }) => ({
            ...base,
            id,
            ...(score === undefined ? {} : { score }),
          }));
          const sorted = sortChoiceCards(cards);
          expect(sortChoiceCards([...cards].reverse())).toEqual(sorted);
          for (let index = 1; index < sorted.length; index += 1) {
            expect(
              compareChoiceCards(sorted[index - 1] as ChoiceCard, sorted[index] as ChoiceCard),
            ).toBeLessThan(0);
          }
        },
      ),
    );
  });
});

describe('renderChoiceCards', () => {
  const cards = Object.entries(referenceServerTools()).flatMap(([server, { tools }]) =>
    tools.map((tool) => buildCard(tool, { namespace: server })),
  );

  it('writes the preamble and one line per card in the given order', () => {
    const text = renderChoiceCards(cards.slice(0, 3));
    const lines = text.split('\n');
    expect(lines[0]).toBe('3 cards:');
    expect(lines.slice(1)).toEqual(cards.slice(0, 3).map(renderCard));
    expect(renderChoiceCards([], { preamble: 'Nothing\nhere' })).toBe('Nothing here');
  });

  it('stays within 80 × n + 32 tokens for the real reference-server catalog', () => {
    const text = renderChoiceCards(sortChoiceCards(cards));
    const tokens = countTokens(text);
    expect(tokens).toBeLessThanOrEqual(
      CARD_HARD_CAP_TOKENS * cards.length + BROWSE_PREAMBLE_MAX_TOKENS,
    );
    expect(tokens).toBeLessThanOrEqual(60 * cards.length + BROWSE_PREAMBLE_MAX_TOKENS);
  });

  it('refuses a preamble above 32 tokens', () => {
    expect(() => renderChoiceCards(cards, { preamble: 'word '.repeat(40) })).toThrow(
      expect.objectContaining({ code: 'CARD_OVER_BUDGET' }),
    );
  });

  it('refuses a response above its budget', () => {
    const huge: ChoiceCard = { ...base, description: 'lorem ipsum '.repeat(100) };
    expect(() => renderChoiceCards([huge])).toThrow(
      expect.objectContaining({ code: 'CARD_OVER_BUDGET' }),
    );
  });
});
