import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchIndex } from '../src/search/index.js';

interface Note {
  id: string;
  title: string;
  body: string;
}

function createNoteIndex(notes: Note[], termsOnce = true): SearchIndex<Note> {
  const index = createSearchIndex<Note, 'title' | 'body'>({
    fields: { title: { weight: 3 }, body: {} },
    id: (note) => note.id,
    text: (note, field) => note[field],
    termsOnce,
  });
  index.add(notes);
  return index;
}

const notes: Note[] = [
  { id: 'weather', title: 'Weather forecast', body: 'Get the forecast for a city.' },
  { id: 'files', title: 'Read file', body: 'Read a file from disk and return its text.' },
  { id: 'mail', title: 'Send email', body: 'Send an email message; mentions the weather.' },
];

describe('createSearchIndex', () => {
  it('ranks a match in a heavy field above a match in a light one', () => {
    const index = createNoteIndex(notes);
    expect(index.search('weather').map((hit) => hit.id)).toEqual(['weather', 'mail']);
    expect(index.search('weather')[0]?.document).toBe(notes[0]);
  });

  it('breaks ties by id in code-unit order', () => {
    const same = { title: 'Same title', body: 'same body' };
    const index = createNoteIndex([
      { id: 'b', ...same },
      { id: 'a', ...same },
      { id: 'B', ...same },
    ]);
    const hits = index.search('same');
    expect(hits.map((hit) => hit.id)).toEqual(['B', 'a', 'b']);
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
  });

  it('counts a repeated query term once unless termsOnce is off', () => {
    const documents = [
      { id: 'x-file', title: 'file', body: '' },
      { id: 'y-weather', title: 'weather', body: '' },
    ];
    const query = 'file file file weather';
    const once = createNoteIndex(documents).search(query);
    expect(once[0]?.score).toBe(once[1]?.score);
    const repeated = createNoteIndex(documents, false).search(query);
    expect(repeated.map((hit) => hit.id)).toEqual(['x-file', 'y-weather']);
    expect(repeated[0]?.score).toBeGreaterThan(repeated[1]?.score ?? 0);
  });

  it('returns nothing for a query of only stop words or an empty index', () => {
    expect(createNoteIndex(notes).search('the and of it')).toEqual([]);
    expect(createNoteIndex([]).search('weather')).toEqual([]);
  });

  it('honours the limit, ten by default', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      id: `n${String(i).padStart(2, '0')}`,
      title: 'report',
      body: 'report '.repeat(i + 1),
    }));
    const index = createNoteIndex(many);
    expect(index.search('report')).toHaveLength(10);
    expect(index.search('report', { limit: 3 })).toHaveLength(3);
    expect(index.search('report', { limit: 0 })).toEqual([]);
    expect(index.search('report', { limit: Number.POSITIVE_INFINITY })).toHaveLength(25);
  });

  it('finds documents added after a search, with lengths normalized again', () => {
    const index = createNoteIndex(notes.slice(0, 1));
    expect(index.search('email')).toEqual([]);
    index.add(notes.slice(1));
    expect(index.size).toBe(3);
    expect(index.has('mail')).toBe(true);
    expect(index.search('email').map((hit) => hit.id)).toEqual(['mail']);
  });

  it('rejects a batch with a duplicate id whole, with INVALID_ARGUMENT', () => {
    const index = createNoteIndex(notes);
    const fresh = { id: 'fresh', title: 'fresh', body: '' };
    expect(() => index.add([fresh, { ...notes[0], id: 'weather' } as Note])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(index.size).toBe(3);
    expect(index.has('fresh')).toBe(false);
  });

  it('rejects a batch whose field text is not a string whole, with INVALID_ARGUMENT', () => {
    const index = createNoteIndex(notes);
    const broken = { id: 'broken', title: 42, body: '' } as unknown as Note;
    expect(() => index.add([{ id: 'fine', title: 'fine', body: '' }, broken])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(index.size).toBe(3);
    expect(index.search('fine')).toEqual([]);
  });

  it('rejects out-of-range options, limits and queries with INVALID_ARGUMENT', () => {
    const base = { id: (note: Note) => note.id, text: (note: Note) => note.body };
    const invalid = expect.objectContaining({ code: 'INVALID_ARGUMENT' });
    expect(() => createSearchIndex({ ...base, fields: {} })).toThrow(invalid);
    expect(() => createSearchIndex({ ...base, fields: { body: { weight: -1 } } })).toThrow(invalid);
    expect(() => createSearchIndex({ ...base, fields: { body: { b: 2 } } })).toThrow(invalid);
    expect(() => createSearchIndex({ ...base, fields: { body: {} }, k1: Number.NaN })).toThrow(
      invalid,
    );
    const index = createNoteIndex(notes);
    expect(() => index.search('weather', { limit: 2.5 })).toThrow(invalid);
    expect(() => index.search(undefined as unknown as string)).toThrow(invalid);
  });

  it('orders hits by score then id and gives the same hits for the same input', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'the', 'of', 'file', 'files'];
    const text = fc
      .array(fc.constantFrom(...words), { maxLength: 8 })
      .map((parts) => parts.join(' '));
    const note = fc.record({ title: text, body: text });
    fc.assert(
      fc.property(fc.array(note, { maxLength: 30 }), text, (drafts, query) => {
        const documents = drafts.map((draft, i) => ({ id: `d${(i * 7) % 31}-${i}`, ...draft }));
        const hits = createNoteIndex(documents).search(query, { limit: 50 });
        expect(createNoteIndex(documents).search(query, { limit: 50 })).toEqual(hits);
        for (let i = 1; i < hits.length; i += 1) {
          const before = hits[i - 1];
          const after = hits[i];
          if (before === undefined || after === undefined) continue;
          expect(
            before.score > after.score || (before.score === after.score && before.id < after.id),
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives every document the score search ranks it by, 0 without a match, in the order added', () => {
    const words = ['alpha', 'beta', 'gamma', 'the', 'file', 'files', 'one. two'];
    const text = fc
      .array(fc.constantFrom(...words), { maxLength: 8 })
      .map((parts) => parts.join(' '));
    const note = fc.record({ title: text, body: text });
    fc.assert(
      fc.property(
        fc.array(note, { maxLength: 20 }),
        text,
        fc.boolean(),
        (drafts, query, sentences) => {
          const documents = drafts.map((draft, i) => ({ id: `d${i}`, ...draft }));
          const index = createNoteIndex(documents);
          const scores = index.scores(query, { sentences });
          const expected = documents.map(() => 0);
          for (const hit of index.search(query, { limit: Number.POSITIVE_INFINITY, sentences })) {
            expected[Number(hit.id.slice(1))] = hit.score;
          }
          expect(Array.from(scores)).toEqual(expected);
          // The buffers are cleared: asking again gives the same scores.
          expect(index.scores(query, { sentences })).toEqual(scores);
        },
      ),
      { numRuns: 200 },
    );
    expect(() => createNoteIndex(notes).scores(7 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(createNoteIndex([]).scores('alpha')).toEqual(new Float64Array(0));
  });

  it('returns nothing for any query made only of stop words', () => {
    const stopWords = fc.array(fc.constantFrom('the', 'a', 'of', 'is', 'to', 'and', 'you', '?'));
    const index = createNoteIndex(notes);
    fc.assert(
      fc.property(stopWords, (parts) => {
        expect(index.search(parts.join(' '))).toEqual([]);
      }),
    );
  });
});
