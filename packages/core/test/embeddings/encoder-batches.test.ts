/**
 * The sentence encoder's batches: every text once, in order, none over the batch size, and
 * spread over every lane when there are enough texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encoderBatches } from '../../src/embeddings/encoder-batches.js';

describe('encoderBatches', () => {
  it('keeps every item once, in order, in batches of at most the batch size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 32 }),
        (order, lanes, batchSize) => {
          const batches = encoderBatches(order, lanes, batchSize);
          expect(batches.flat()).toEqual(order);
          for (const batch of batches) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(batchSize);
          }
          expect(batches.length).toBeGreaterThanOrEqual(Math.min(lanes, order.length));
          expect(batches.length).toBe(
            Math.max(Math.ceil(order.length / batchSize), Math.min(lanes, order.length)),
          );
          const sizes = batches.map((batch) => batch.length);
          if (sizes.length > 0)
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('puts a short query and its sentences on both workers of a pair', () => {
    expect(encoderBatches([0, 1, 2, 3, 4], 2, 16)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('cuts a catalog into as few even batches as the batch size allows', () => {
    expect(encoderBatches([...Array(40).keys()], 2, 16).map((batch) => batch.length)).toEqual([
      14, 13, 13,
    ]);
  });
});
