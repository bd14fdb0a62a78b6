import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANNED_CARD_FIELDS,
  type ChoiceCard,
  MAX_CARD_TAGS,
  normalizeTags,
  parseChoiceCard,
  safetyOf,
} from '../../src/cards/choice-card.js';
import { GatewayError } from '../../src/errors.js';

const card: ChoiceCard = {
  id: 'github:create_issue@1.4.0',
  name: 'create_issue',
  description: 'Create an issue.',
  tags: ['destructive', 'issues'],
  kind: 'tool',
  namespace: 'github',
  has_schema: true,
  score: 0.5,
  cost_hint: 0,
  side_effects: true,
  safety: 'destructive',
};

function cardError(value: unknown): GatewayError {
  try {
    parseChoiceCard(value);
  } catch (error) {
    expect(GatewayError.isInstance(error) && error.code).toBe('CARD_INVALID');
    return error as GatewayError;
  }
  throw new Error('expected CARD_INVALID');
}

describe('parseChoiceCard', () => {
  it('accepts a card with exactly the permitted fields', () => {
    expect(parseChoiceCard(card)).toEqual(card);
    const { score: _score, ...withoutScore } = card;
    expect(parseChoiceCard(withoutScore)).toEqual(withoutScore);
  });

  it.each(BANNED_CARD_FIELDS.map((field) => [field]))(
    'refuses the banned field %s (§2.2)',
    (field) => {
      expect(cardError({ ...card, [field]: { type: 'object' } }).data).toEqual({
        reason: 'banned field',
        field,
      });
    },
  );

  it('refuses unknown fields and out-of-bounds values', () => {
    const cases: Array<Record<string, unknown>> = [
      { ...card, extra: 1 },
      { ...card, name: 'n'.repeat(65) },
      { ...card, description: 'two\nlines' },
      { ...card, kind: 'plugin' },
      { ...card, safety: 'unsafe' },
      { ...card, cost_hint: -1 },
      { ...card, score: Number.NaN },
      { ...card, id: 'not a tool id' },
      { ...card, namespace: 'gitlab' },
      { ...card, tags: ['b', 'a'] },
      { ...card, tags: ['a', 'a'] },
      { ...card, tags: ['{"type":"object"}'] },
      { ...card, tags: ['https://x'] },
      { ...card, tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { ...card, kind: 'internal', id: '/github', namespace: 'GitHub' },
    ];
    for (const value of cases) cardError(value);
    cardError(null);
    cardError('card');
  });

  it('allows internal cards with path ids and an empty namespace', () => {
    const internal = {
      ...card,
      id: '__cache_breakpoint__',
      kind: 'internal',
      namespace: '',
      tags: [],
    };
    expect(parseChoiceCard({ ...internal, safety: '' }).id).toBe('__cache_breakpoint__');
  });

  it('counts only non-safety tags against the cap', () => {
    const tags = ['a', 'b', 'c', 'd', 'destructive', 'e', 'read-only'];
    expect(parseChoiceCard({ ...card, tags }).tags).toEqual(tags);
  });
});

describe('normalizeTags', () => {
  it('trims, drops invalid tags, dedupes and sorts', () => {
    expect(normalizeTags([' b ', 'a', 'a', 'x y', '', 'k=v', 'c'.repeat(25), 'ünï'])).toEqual([
      'a',
      'b',
      'ünï',
    ]);
  });

  it('keeps safety tags that lexicographically later tags would have evicted (issue #516)', () => {
    const tags = normalizeTags(['aa', 'ab', 'ac', 'ad', 'ae', 'af', 'read-only', 'destructive']);
    expect(tags).toEqual(['aa', 'ab', 'ac', 'ad', 'ae', 'destructive', 'read-only']);
  });

  it('always yields a sorted, unique set within the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('read-only', 'destructive', 'a', 'z'))),
        (input) => {
          const tags = normalizeTags(input);
          expect(new Set(tags).size).toBe(tags.length);
          expect([...tags].sort()).toEqual(tags);
          expect(
            tags.filter((tag) => tag !== 'read-only' && tag !== 'destructive').length,
          ).toBeLessThanOrEqual(MAX_CARD_TAGS);
          for (const safety of ['read-only', 'destructive']) {
            if (input.some((tag) => tag.trim() === safety)) expect(tags).toContain(safety);
          }
        },
      ),
    );
  });
});

describe('safetyOf', () => {
  it('lets destructive win over read-only', () => {
    expect(safetyOf(['destructive', 'read-only'])).toBe('destructive');
    expect(safetyOf(['read-only'])).toBe('read_only');
    expect(safetyOf(['other'])).toBe('');
  });
});
