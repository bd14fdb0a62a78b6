import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkPages } from '../../../src/specs/mcp-base/pages.js';

describe('walkPages', () => {
  it('collects every page of a list whose cursors are distinct, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer()), { minLength: 1, maxLength: 20 }),
        async (pages) => {
          const fetchPage = async (cursor: string | undefined) => {
            const index = cursor === undefined ? 0 : Number(cursor);
            const next = index + 1 < pages.length ? { nextCursor: String(index + 1) } : {};
            return { items: pages[index], ...next };
          };
          expect(await walkPages(fetchPage, 'items')).toEqual({
            items: pages.flat(),
            pages: pages.length,
          });
        },
      ),
    );
  });

  it('stops at a repeated cursor, at the page bound, at a failed request and at a malformed page', async () => {
    const loop = await walkPages(
      async (cursor) => ({
        items: [1],
        nextCursor: cursor === 'b' ? 'a' : cursor === 'a' ? 'b' : 'a',
      }),
      'items',
    );
    expect(loop).toEqual({
      items: [1, 1, 1],
      pages: 3,
      failure: { kind: 'pagination', page: 3, message: 'repeats the cursor "a"' },
    });
    let counter = 0;
    const endless = await walkPages(
      async () => ({ items: [], nextCursor: String(counter++) }),
      'items',
      5,
    );
    expect(endless.failure).toEqual({
      kind: 'pagination',
      page: 5,
      message: 'still paginating after 5 pages',
    });
    const refused = await walkPages(async (cursor) => {
      if (cursor !== undefined) throw new Error('invalid cursor');
      return { items: [1], nextCursor: 'x' };
    }, 'items');
    expect(refused).toEqual({
      items: [1],
      pages: 1,
      failure: { kind: 'request', page: 2, message: 'invalid cursor' },
    });
    const malformed = await walkPages(async () => ({ items: 'none' }), 'items');
    expect(malformed.failure).toEqual({
      kind: 'shape',
      page: 1,
      message: 'result.items is not an array',
    });
    const numeric = await walkPages(async () => ({ items: [], nextCursor: 7 }), 'items');
    expect(numeric.failure).toEqual({
      kind: 'pagination',
      page: 1,
      message: 'nextCursor is not a string',
    });
  });
});
